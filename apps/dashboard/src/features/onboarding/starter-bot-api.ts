import { STARTER_BOT_PATHS, type StarterBotCreate, starterBotResponseSchema } from '@convo/api';
import { apiRequest } from '../../app/api/api-client';

// The setup guide's one-click starter bot (POST /api/bots/starter, admins).

export async function createStarterBot(body: StarterBotCreate) {
  return (
    await apiRequest(STARTER_BOT_PATHS.starterBot, { method: 'POST', body, schema: starterBotResponseSchema })
  ).data;
}
