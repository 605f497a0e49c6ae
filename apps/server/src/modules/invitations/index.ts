// The front door of invitations: what the composition root wires (accounts' sign-up through an
// invitation) and its routes.
export { acceptInvitation, invalidInvite } from './service.js';
