// @convo/domain/widget: business hours. Other contexts import this one only through this file.

export * from './business-hours';
