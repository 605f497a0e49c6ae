// @convo/domain/integrations: the automation connector's new-message trigger. Other contexts import
// this one only through this file.

export * from './automation';
