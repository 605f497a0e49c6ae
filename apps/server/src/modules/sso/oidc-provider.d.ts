// The test OpenID provider ships without types; only what the tests use is declared.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    listen(port: number, callback?: () => void): Server;
  }
}
