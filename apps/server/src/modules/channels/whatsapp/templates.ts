import {
  type WhatsAppIntegrationType,
  type WhatsAppTemplate,
  type WhatsAppTemplateSendRequest,
  whatsAppTemplateParamsSchema,
  whatsAppTemplateSendRequestSchema,
} from '@convo/api';
import {
  isApprovedTemplateStatus,
  renderTemplateMessage,
  templateValuesProblem,
  templateVariables,
} from '@convo/domain';
import type { AuthContext } from '../../../http/auth.js';
import { AppError, badRequest, notFound } from '../../../http/errors.js';
import type { MessagingDeps } from '../../conversations/index.js';
import { findConversation } from '../../conversations/index.js';
import { sendMessage } from '../../messages/index.js';
import { TEMPLATE_METADATA_KEY } from '../outbox.js';
import { type ChannelServiceDeps, integrationNotFound, listTemplatesOf } from '../service.js';
import { hasTemplates, templateMetadataValue } from './template-ref.js';

// WhatsApp message templates, whichever of the four providers a conversation came through: the
// connected account's list (as the provider has it) and the template reply an agent sends when
// the 24-hour window is closed. The template is checked against the provider's list (approved,
// the body's, header's and buttons' values it takes: packages/domain) before anything is stored; the reply is then an ordinary send
// whose metadata names the template, so the outbox lets it through the window and the connector
// sends it as a template.

function templateConnectorOf(deps: ChannelServiceDeps, type: WhatsAppIntegrationType) {
  const connector = deps.connectors.get(type);
  if (!connector || !hasTemplates(connector)) throw integrationNotFound(type);
  return connector;
}

/** The connected account's templates of one WhatsApp provider. */
export async function listWhatsAppTemplates(
  deps: ChannelServiceDeps,
  applicationId: string,
  type: WhatsAppIntegrationType,
): Promise<WhatsAppTemplate[]> {
  const connector = templateConnectorOf(deps, type);
  return listTemplatesOf(deps, applicationId, type, (config) =>
    connector.listTemplates(connector.configSchema.parse(config)),
  );
}

/** Sends an approved template in a WhatsApp conversation; answers the stored message and its text. */
export async function sendWhatsAppTemplate(
  deps: ChannelServiceDeps & MessagingDeps,
  caller: AuthContext,
  input: WhatsAppTemplateSendRequest,
): Promise<{ messageId: number; text: string }> {
  const request = whatsAppTemplateSendRequestSchema.parse(input);
  const conversation = await findConversation(deps.db, caller.applicationId, request.groupId);
  if (!conversation) throw notFound('No such conversation.');
  const channel = whatsAppTemplateParamsSchema.shape.type.safeParse(conversation.channel);
  if (!channel.success)
    throw badRequest('INVALID_PARAMETER', 'Templates are sent in WhatsApp conversations only.');
  const type = channel.data;
  const templates = await listWhatsAppTemplates(deps, caller.applicationId, type);
  const template = templates.find((t) => t.name === request.name && t.language === request.language);
  if (!template)
    throw new AppError(
      422,
      'TEMPLATE_NOT_FOUND',
      `The WhatsApp account has no template ${request.name} in ${request.language}.`,
    );
  if (!isApprovedTemplateStatus(template.status))
    throw new AppError(
      422,
      'TEMPLATE_NOT_APPROVED',
      `The template ${template.name} is ${template.status.toLowerCase()}; WhatsApp sends approved templates only.`,
    );
  const values = {
    parameters: request.parameters,
    ...(request.header ? { header: request.header } : {}),
    buttons: request.buttons,
  };
  const problem = templateValuesProblem(template, values);
  if (problem)
    throw new AppError(
      // A wrong body count has answered 422 since templates came; header and button values 400.
      problem.code === 'INVALID_PARAMETER' ? 422 : 400,
      problem.code,
      `The template ${template.name}: ${problem.message}`,
    );
  const text = renderTemplateMessage(template, values);
  const { row } = await sendMessage(deps, caller, {
    groupId: conversation.id,
    message: text,
    contentType: 0,
    metadata: {
      [TEMPLATE_METADATA_KEY]: templateMetadataValue({
        ...(template.id ? { id: template.id } : {}),
        name: template.name,
        language: template.language,
        ...values,
        ...(templateConnectorOf(deps, type).variablesAcrossTemplate
          ? { variables: templateVariables(template, values) }
          : {}),
      }),
    },
  });
  return { messageId: row.id, text };
}
