// The front door of online stores (issue 38 items 1–2): Shopify and BigCommerce behind one
// connector interface, their routes for the hub, the inbox side panel and the marketplace.
export { storeRoutes } from './routes.js';
