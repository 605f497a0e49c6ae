// The install pages' kits: downloads built for the caller's application (the WordPress plugin).
export { installKitRoutes } from './routes.js';
export { PLUGIN_VERSION, pluginPhp, wordpressPluginZip } from './wordpress-plugin.js';
