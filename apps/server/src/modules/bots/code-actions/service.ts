import {
  CODE_ACTION_LIMITS,
  CODE_GENERATION_ERROR,
  CODE_GENERATION_ERROR_MESSAGE,
  type CodeAction,
  type CodeActionWrite,
  type CodeGenerateRequest,
  type CodeGenerateResult,
  type CodeRunResult,
  codeActionWriteSchema,
} from '@convo/api';
import { generateText } from 'ai';
import { AppError, conflict, notFound } from '../../../http/errors.js';
import type { Db } from '../../../platform/db/database.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { agentModel, assistAgent, isLlm, type ModelOptions } from '../engines/llm/model.js';
import { toBotEngineError } from '../engines/llm/run.js';
import { listBots, runtimeConfigOf } from '../repository.js';
import { CODE_SYSTEM_PROMPT, codeFromAnswer, declaresAction } from './prompt.js';
import * as repo from './repository.js';
import { DEFAULT_SANDBOX_LIMITS, runInSandbox, type SandboxLimits } from './sandbox.js';

// Issue 36 item 4: custom actions. The application's LLM (one of its AI agents' models) writes a
// JavaScript function from the admin's description; the admin edits it, runs it on a sample input
// in the sandbox and saves it; flows run saved actions through runCodeAction.

export interface CodeActionDeps extends ModelOptions {
  db: Db;
  appSecret: string;
  /** Upper bound of one generation (default 45 s). */
  generateTimeoutMs?: number | undefined;
  sandboxLimits?: SandboxLimits | undefined;
}

const DEFAULT_GENERATE_TIMEOUT_MS = 45_000;
/** A function with comments fits easily; this bounds what one generation can cost. */
const MAX_OUTPUT_TOKENS = 2500;

const generationError = (status: number, reason: string, detail: string) =>
  new AppError(status, CODE_GENERATION_ERROR, `${CODE_GENERATION_ERROR_MESSAGE}: ${detail}`, { reason });

/** The AI agent whose model writes code: the one asked for, else the one agent assist uses. */
async function writer(deps: CodeActionDeps, applicationId: string, botId: string | undefined) {
  if (botId) {
    const row = (await listBots(deps.db, applicationId)).find((r) => r.id === botId && isLlm(r.engine));
    const bot = row && runtimeConfigOf(row, deps.appSecret);
    if (!bot) throw notFound('No AI agent with a model provider here.');
    return bot;
  }
  const bot = await assistAgent(deps.db, applicationId, deps.appSecret);
  if (bot) return bot;
  throw generationError(
    400,
    'LLM_NOT_CONFIGURED',
    'no AI agent of this application has a model provider set up (OpenAI, Anthropic or Gemini with its key).',
  );
}

export async function generateCode(
  deps: CodeActionDeps,
  applicationId: string,
  request: CodeGenerateRequest,
): Promise<CodeGenerateResult> {
  const bot = await writer(deps, applicationId, request.botId);
  const timeoutMs = deps.generateTimeoutMs ?? DEFAULT_GENERATE_TIMEOUT_MS;
  let text: string;
  try {
    const { model, providerOptions } = agentModel(bot, deps);
    const result = await generateText({
      model,
      system: CODE_SYSTEM_PROMPT,
      prompt: `Write the function for this action:\n${request.description}`,
      maxRetries: 0,
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      abortSignal: AbortSignal.timeout(timeoutMs),
      providerOptions,
    });
    text = result.text;
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    // The engines' mapping: a refused key, a rate limit, a timeout; never the key itself.
    const mapped = toBotEngineError(err, timedOut, timeoutMs);
    throw generationError(502, mapped.code, mapped.message);
  }
  const code = codeFromAnswer(text);
  if (code === '' || !declaresAction(code)) {
    throw generationError(
      502,
      'INVALID_CODE',
      'the model did not answer with a function named action(input).',
    );
  }
  if (code.length > CODE_ACTION_LIMITS.codeChars) {
    throw generationError(
      502,
      'INVALID_CODE',
      `the model wrote more than ${CODE_ACTION_LIMITS.codeChars} characters.`,
    );
  }
  return { code, generatedBy: { botId: bot.id, botName: bot.name, engine: bot.engine } };
}

/** The admin's test run of (possibly unsaved) code on a sample input. */
export function testCode(
  deps: Pick<CodeActionDeps, 'sandboxLimits'>,
  code: string,
  input: Record<string, unknown>,
): Promise<CodeRunResult> {
  return runInSandbox(code, input, deps.sandboxLimits ?? DEFAULT_SANDBOX_LIMITS);
}

const view = (row: repo.CodeActionRow): CodeAction => ({
  id: row.id,
  name: row.name,
  description: row.description,
  code: row.code,
  sampleInput: row.sampleInput,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const nameTaken = () => conflict('CODE_ACTION_EXISTS', 'An action with this name already exists.');

export async function listActions(db: Db, applicationId: string): Promise<CodeAction[]> {
  return (await repo.listCodeActions(db, applicationId)).map(view);
}

export async function createAction(
  db: Db,
  applicationId: string,
  write: CodeActionWrite,
): Promise<CodeAction> {
  const values = codeActionWriteSchema.parse(write);
  try {
    return view(await repo.insertCodeAction(db, applicationId, values));
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function updateAction(
  db: Db,
  applicationId: string,
  actionId: string,
  write: CodeActionWrite,
): Promise<CodeAction> {
  const values = codeActionWriteSchema.parse(write);
  let row: repo.CodeActionRow | undefined;
  try {
    row = await repo.updateCodeAction(db, applicationId, actionId, values);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  if (!row) throw notFound('No such action.');
  return view(row);
}

export async function deleteAction(db: Db, applicationId: string, actionId: string): Promise<void> {
  if (!(await repo.deleteCodeAction(db, applicationId, actionId))) throw notFound('No such action.');
}

// ---- For flows (wired at the composition root) ------------------------------------------------

export interface RunCodeActionDeps {
  db: Db;
  sandboxLimits?: SandboxLimits | undefined;
}

export type RunCodeActionResult =
  | { ok: true; output: Record<string, unknown> }
  | { ok: false; error: string };

/** Runs a saved action of the application on `input` in the sandbox; never throws for the code. */
export async function runCodeAction(
  deps: RunCodeActionDeps,
  params: { applicationId: string; actionId: string; input: Record<string, unknown> },
): Promise<RunCodeActionResult> {
  const row = await repo.findCodeAction(deps.db, params.applicationId, params.actionId);
  if (!row) return { ok: false, error: 'No such action.' };
  const inputJson = JSON.stringify(params.input);
  if (inputJson.length > CODE_ACTION_LIMITS.inputChars) {
    return { ok: false, error: `The input is over ${CODE_ACTION_LIMITS.inputChars} characters of JSON.` };
  }
  const result = await runInSandbox(row.code, params.input, deps.sandboxLimits ?? DEFAULT_SANDBOX_LIMITS);
  return result.ok ? { ok: true, output: result.output } : { ok: false, error: result.error };
}

/** The application's actions as a flow's step editor lists them. */
export async function listCodeActionsOf(
  deps: Pick<RunCodeActionDeps, 'db'>,
  applicationId: string,
): Promise<{ id: string; name: string; description: string }[]> {
  return (await repo.listCodeActions(deps.db, applicationId)).map(({ id, name, description }) => ({
    id,
    name,
    description,
  }));
}
