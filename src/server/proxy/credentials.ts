import { open, stat } from 'node:fs/promises';
import type { OAuth1Credentials } from './oauth1.js';

/**
 * Where the proxy's secrets come from: environment variables or a private file, never a
 * command-line flag (flags show up in `ps`, shell history and CI logs). Error messages name
 * variables and files, never a secret value, so they can be printed as they are.
 */
export interface BasicCredentials {
  user: string;
  appPassword: string;
}

/** `process.env` fits; tests pass a plain object. */
export type Env = Readonly<Record<string, string | undefined>>;

export const ENV_WP_USER = 'TICKETING_WP_USER';
export const ENV_WP_APP_PASSWORD = 'TICKETING_WP_APP_PASSWORD';
export const ENV_OAUTH1_CONSUMER_KEY = 'TICKETING_OAUTH1_CONSUMER_KEY';
export const ENV_OAUTH1_CONSUMER_SECRET = 'TICKETING_OAUTH1_CONSUMER_SECRET';
export const ENV_OAUTH1_TOKEN = 'TICKETING_OAUTH1_TOKEN';
export const ENV_OAUTH1_TOKEN_SECRET = 'TICKETING_OAUTH1_TOKEN_SECRET';
export const ENV_PROXY_TOKEN = 'TICKETING_PROXY_TOKEN';

const MIN_PROXY_TOKEN_LENGTH = 16;

/**
 * WordPress shows application passwords in groups (`abcd EFGH 1234 ijkl MNOP 6789`) and accepts
 * them with or without the spaces; people paste either.
 */
export function normalizeAppPassword(password: string): string {
  return password.replace(/\s+/g, '');
}

export function basicAuthorization(credentials: BasicCredentials): string {
  const pair = `${credentials.user}:${normalizeAppPassword(credentials.appPassword)}`;
  return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
}

/**
 * A variable's value, or undefined when unset or blank: `VAR=` left behind by a template or a
 * compose file means "not given", not "given as empty".
 */
function envValue(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** Both halves of a pair, or neither; one alone is a mistake worth stopping for. */
function envPair(env: Env, first: string, second: string): [string, string] | null {
  const a = envValue(env, first);
  const b = envValue(env, second);
  if (a === undefined && b === undefined) return null;
  if (a === undefined) throw new Error(`${second} is set but ${first} is not; set both or neither`);
  if (b === undefined) throw new Error(`${first} is set but ${second} is not; set both or neither`);
  return [a, b];
}

function checkedCredentials(user: string, appPassword: string, source: string): BasicCredentials {
  const trimmedUser = user.trim();
  if (trimmedUser === '') throw new Error(`${source}: the user name is empty`);
  // Basic auth splits user from password at the first colon, so a colon in the name cannot work.
  if (trimmedUser.includes(':')) throw new Error(`${source}: the user name must not contain ":"`);
  if (normalizeAppPassword(appPassword) === '') throw new Error(`${source}: the application password is empty`);
  return { user: trimmedUser, appPassword: appPassword.trim() };
}

/** The one `user:password` line; blank lines and `#` comments around it are allowed. */
function parseCredentialsFile(content: string, file: string): BasicCredentials {
  const lines = content
    .split(/\r?\n/)
    .map((line, index) => ({ text: line.trim(), number: index + 1 }))
    .filter(({ text }) => text !== '' && !text.startsWith('#'));
  const [line, extra] = lines;
  if (!line) throw new Error(`credentials file ${file} has no "user:application password" line`);
  // Line numbers only: the text of a malformed line may well be the password itself.
  if (extra) throw new Error(`credentials file ${file} has more than one credentials line (lines ${line.number} and ${extra.number}); keep one`);
  const colon = line.text.indexOf(':');
  if (colon < 0) throw new Error(`credentials file ${file}, line ${line.number}: expected "user:application password" (no ":" found)`);
  return checkedCredentials(line.text.slice(0, colon), line.text.slice(colon + 1), `credentials file ${file}, line ${line.number}`);
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return 'does not exist';
  if (code === 'EACCES' || code === 'EPERM') return 'is not readable by this user';
  if (code === 'EISDIR') return 'is a directory';
  return `cannot be read (${code ?? 'unknown error'})`;
}

async function readCredentialsFile(file: string): Promise<BasicCredentials> {
  let content: string;
  try {
    // stat before open: opening a FIFO would block until something writes to it.
    if (!(await stat(file)).isFile()) throw new Error(`credentials file ${file} is not a regular file`);
    const handle = await open(file, 'r');
    try {
      // Mode of the file actually opened, not of whatever the path pointed to a moment ago.
      const { mode, uid } = await handle.stat();
      // Windows reports synthetic mode bits (always world-readable), so the checks mean nothing there.
      if (process.platform !== 'win32') {
        // A group bit is as bad as an "other" bit: a web server's group often includes other apps.
        if ((mode & 0o077) !== 0) {
          throw new Error(
            `credentials file ${file} is readable or writable by its group or other users (mode ${(mode & 0o777).toString(8)}); run: chmod 600 ${file}`,
          );
        }
        // Someone else's file could be swapped for theirs at any time.
        const self = process.getuid?.();
        if (self !== undefined && uid !== self) {
          throw new Error(`credentials file ${file} belongs to another user (uid ${uid}, the proxy runs as ${self}); run: chown $(id -u) ${file}`);
        }
      }
      content = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof Error && !('code' in error)) throw error;
    throw new Error(`credentials file ${file} ${describeFsError(error)}`, { cause: error });
  }
  return parseCredentialsFile(content, file);
}

/**
 * Basic-auth credentials for WordPress: from TICKETING_WP_USER + TICKETING_WP_APP_PASSWORD, or from
 * `credentialsFile` (one `user:application password` line, like `curl -u`; the password may keep
 * WordPress's spaces). Giving both is an error rather than a silent precedence rule. Null when
 * neither is given: whether to run unauthenticated is the caller's decision.
 */
export async function loadCredentials(options: { env: Env; credentialsFile?: string }): Promise<BasicCredentials | null> {
  const { env, credentialsFile } = options;
  const envGiven = envValue(env, ENV_WP_USER) !== undefined || envValue(env, ENV_WP_APP_PASSWORD) !== undefined;
  if (credentialsFile !== undefined) {
    if (envGiven) {
      throw new Error(
        `credentials are given both in the environment (${ENV_WP_USER}/${ENV_WP_APP_PASSWORD}) and in the file ${credentialsFile}; use only one source`,
      );
    }
    if (credentialsFile.trim() === '') throw new Error('the credentials file path is empty');
    return readCredentialsFile(credentialsFile);
  }
  const pair = envPair(env, ENV_WP_USER, ENV_WP_APP_PASSWORD);
  return pair && checkedCredentials(pair[0], pair[1], `${ENV_WP_USER}/${ENV_WP_APP_PASSWORD}`);
}

/**
 * OAuth 1.0a client credentials (consumer key + secret) and, optionally, token credentials (token +
 * token secret), each pair all-or-nothing. A token without client credentials is an error; none
 * at all is null.
 */
export function loadOAuth1(env: Env): OAuth1Credentials | null {
  const consumer = envPair(env, ENV_OAUTH1_CONSUMER_KEY, ENV_OAUTH1_CONSUMER_SECRET);
  const token = envPair(env, ENV_OAUTH1_TOKEN, ENV_OAUTH1_TOKEN_SECRET);
  if (!consumer) {
    if (token) throw new Error(`${ENV_OAUTH1_TOKEN} needs ${ENV_OAUTH1_CONSUMER_KEY} and ${ENV_OAUTH1_CONSUMER_SECRET} as well`);
    return null;
  }
  const [consumerKey, consumerSecret] = consumer;
  return token ? { consumerKey, consumerSecret, token: token[0], tokenSecret: token[1] } : { consumerKey, consumerSecret };
}

/**
 * The token clients must present to the proxy, or null when unset. It travels in an HTTP header,
 * where surrounding whitespace is trimmed and non-ASCII is unreliable, hence visible ASCII only.
 */
export function loadProxyToken(env: Env): string | null {
  const token = envValue(env, ENV_PROXY_TOKEN);
  if (token === undefined) return null;
  if (!/^[\x21-\x7e]+$/.test(token)) throw new Error(`${ENV_PROXY_TOKEN} must be printable ASCII without spaces`);
  if (token.length < MIN_PROXY_TOKEN_LENGTH) {
    throw new Error(`${ENV_PROXY_TOKEN} must be at least ${MIN_PROXY_TOKEN_LENGTH} characters long (it has ${token.length})`);
  }
  return token;
}
