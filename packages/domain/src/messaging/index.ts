// @convo/domain/messaging: message enumerations, the messaging family's message serializer and app
// module names. Other contexts import this one only through this file.

export * from './app-modules';
export * from './applozic-message';
export * from './messages';
