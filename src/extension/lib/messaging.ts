import { z } from 'zod';
import { type AppError, appError } from '../../protocol/app-error';
import { describeIssue } from '../../protocol/issue';
import { appErr, fromException } from './errors';
import {
  type MessageType,
  type Outcome,
  type ParsedRequestOf,
  type RequestOf,
  type ResponseOf,
  type SenderKind,
  envelope,
  messageSpecs,
} from '../../protocol/messages';
import { type Runtime, browser } from './browser';

/*
 * Both ends of the message protocol (protocol/messages.ts): `send` for the popup, the options page and
 * injected scripts; `createRouter` for the background, which checks who sent each message
 * (STYLE.md habit 7) before it validates and handles it.
 */

const outcome = z.union([z.object({ ok: z.literal(true), value: z.unknown() }), z.object({ ok: z.literal(false), error: appError })]);

/** Sends a typed message to the background and validates the answer. Never throws. */
export async function send<T extends MessageType>(type: T, body: RequestOf<T>): Promise<Outcome<ResponseOf<T>>> {
  const spec = messageSpecs[type];
  // validating our own request catches a bug here rather than as a refusal in the background
  const req = spec.request.safeParse(body);
  if (!req.success) return { ok: false, error: appErr('err_invalid_message', `${type}: ${describeIssue(req.error, 'body')}`) };
  let raw: unknown;
  try {
    raw = await browser.runtime.sendMessage({ type, body });
  } catch (e) {
    return { ok: false, error: fromException(e) };
  }
  const parsed = outcome.safeParse(raw);
  if (!parsed.success) return { ok: false, error: appErr('err_invalid_message', type) };
  if (!parsed.data.ok) return parsed.data;
  const value = spec.response.safeParse(parsed.data.value);
  if (!value.success) return { ok: false, error: appErr('err_invalid_message', type) };
  return { ok: true, value: value.data as ResponseOf<T> };
}

/** Whether `sender` is the kind of context allowed to send a message of that kind. */
export function senderIs(kind: SenderKind, sender: Runtime.MessageSender): boolean {
  if (sender.id !== browser.runtime.id) return false;
  const extensionOrigin = browser.runtime.getURL('');
  const url = sender.url ?? '';
  if (kind === 'page') return url.startsWith(extensionOrigin);
  // our injected scripts run in web pages, inside a tab
  return sender.tab?.id !== undefined && /^(https?|file):/.test(url);
}

export type Handler<T extends MessageType> = (
  body: ParsedRequestOf<T>,
  sender: Runtime.MessageSender,
) => Promise<Outcome<ResponseOf<T>>>;
export type Handlers = { [T in MessageType]: Handler<T> };

/**
 * The background's single entry for messages: unknown types, wrong senders and malformed bodies are
 * refused; a handler that throws answers with an error value. Returns the listener to register.
 */
export function createRouter(handlers: Handlers) {
  async function route(message: unknown, sender: Runtime.MessageSender): Promise<Outcome<unknown>> {
    const env = envelope.safeParse(message);
    if (!env.success || !Object.hasOwn(messageSpecs, env.data.type)) return refuse('unknown message');
    const type = env.data.type as MessageType;
    const spec = messageSpecs[type];
    if (!senderIs(spec.from, sender)) return refuse(`${type} from a wrong sender`);
    const body = spec.request.safeParse(env.data.body);
    if (!body.success) return refuse(`${type}: ${describeIssue(body.error, 'body')}`);
    try {
      const result = await (handlers[type] as Handler<MessageType>)(body.data as never, sender);
      if (!result.ok) return result;
      // our own answers follow the protocol too; a mismatch is our bug, reported as such
      const value = spec.response.safeParse(result.value);
      return value.success ? { ok: true, value: value.data } : refuse(`${type}: bad answer`);
    } catch (e) {
      return { ok: false, error: fromException(e) };
    }
  }
  // answers through sendResponse and `true` rather than a returned promise: Chrome, the polyfill's
  // onMessage wrapper and @webext-core/fake-browser (the unit tests) all deliver that answer
  return function listener(message: unknown, sender: Runtime.MessageSender, sendResponse: (r: unknown) => void): true {
    void route(message, sender).then(sendResponse);
    return true; // the answer is sent asynchronously
  };
}

function refuse(detail: string): { ok: false; error: AppError } {
  return { ok: false, error: appErr('err_invalid_message', detail) };
}
