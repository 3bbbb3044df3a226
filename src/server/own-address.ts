import { isIP } from 'node:net';

/**
 * Which names a request may give for this server (D57). A page elsewhere can make a browser send requests
 * here under another name (DNS rebinding: `evil.example` first resolves to the attacker, then to
 * 127.0.0.1), and the browser then treats the answers as `evil.example`'s. So the `Host` of every request,
 * and the `Origin` a browser sends, must name this server as it is reached: `127.0.0.1`, `localhost` or
 * `[::1]` with its port, or the address it was started on (`--host`). Started on every interface
 * (`0.0.0.0`, `::`), it is reached by the machine's IP addresses: any IP address is taken then — rebinding
 * needs a name, and an address is none.
 */
export type OwnAddress = {
  /** Whether a `Host` header names this server. */
  host(header: string | undefined): boolean;
  /** Whether an `Origin` header is a page of this server (`null` — a file, a sandbox — is not). */
  origin(header: string): boolean;
};

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const EVERY_INTERFACE = new Set(['0.0.0.0', '[::]', '']);

export function ownAddress(configured: string, port: number): OwnAddress {
  const configuredName = hostname(configured.includes(':') && !configured.startsWith('[') ? `[${configured}]` : configured);
  const everywhere = configuredName !== null && EVERY_INTERFACE.has(configuredName);
  const named = (name: string): boolean => LOOPBACK.has(name) || name === configuredName || (everywhere && isIP(name.replace(/^\[|\]$/g, '')) !== 0);
  // A URL leaves out the port its scheme has by default.
  const samePort = (url: URL): boolean => (url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port)) === port;
  return {
    host(header) {
      if (header === undefined) return false;
      const url = parse(`http://${header}`);
      return url !== null && url.username === '' && url.password === '' && url.pathname === '/' && url.search === '' && url.hash === '' && named(url.hostname) && samePort(url);
    },
    origin(header) {
      const url = parse(header);
      return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === header.toLowerCase() && named(url.hostname) && samePort(url);
    },
  };
}

/** A host as the URL parser writes it (lower case, IPv6 in brackets), or null. */
function hostname(host: string): string | null {
  if (host === '') return '';
  return parse(`http://${host}`)?.hostname ?? null;
}

function parse(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
