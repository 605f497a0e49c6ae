// The front door of invitations: what the composition root wires (accounts' sign-up through an
// invitation) and its routes.

export { invitationRoutes } from './routes.js';
export { acceptInvitation, type InvitationDeps, invalidInvite, invite } from './service.js';
