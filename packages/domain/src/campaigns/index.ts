// @convo/domain/campaigns: campaign rules shared by the dashboard and the server. Other contexts
// import this one only through this file.

export * from './campaigns';
