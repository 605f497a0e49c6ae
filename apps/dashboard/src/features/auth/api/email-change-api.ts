import {
  EMAIL_CHANGE_PATHS,
  type EmailChangeRequest,
  emailChangeConfirmResponseSchema,
  messageResponseSchema,
} from '@convo/api';
import { apiRequest } from '../../../app/api/api-client';

/** Mails a confirmation link to the new address (profile page). */
export function requestEmailChange(body: EmailChangeRequest) {
  return apiRequest(EMAIL_CHANGE_PATHS.request, { body, schema: messageResponseSchema });
}

/** The /email/update page: the link's token makes the change. */
export function confirmEmailChange(token: string) {
  return apiRequest(EMAIL_CHANGE_PATHS.confirm, {
    body: { token },
    schema: emailChangeConfirmResponseSchema,
  });
}
