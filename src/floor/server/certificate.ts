import { execFile } from 'node:child_process';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { writeSecretFile } from '../../api/data-folder.js';
import { FloorError } from '../floor-error.js';
import { fingerprintHex } from '../link/enrolment-code.js';

/** The floor's TLS certificate and key, and the certificate's SHA-256 fingerprint (what a table pins). */
export type FloorCertificate = { readonly certificate: string; readonly key: string; readonly fingerprint: string };

const OPENSSL = '/usr/bin/openssl';

/**
 * The floor's own certificate, made at its first start (D74): a P-256 key made by Node, kept in
 * `floor-key.pem` (0600), and a self-signed certificate for it made by Debian's openssl, valid for
 * 20 years (a table trusts it by its fingerprint, pinned at enrolment; a new certificate means enrolling
 * every table again, so it must not expire under a running room). Node makes keys but not certificates.
 */
export async function floorCertificate(folder: string): Promise<FloorCertificate> {
  const certificatePath = join(folder, 'floor-certificate.pem');
  const keyPath = join(folder, 'floor-key.pem');
  if (!existsSync(certificatePath) || !existsSync(keyPath)) await makeCertificate(certificatePath, keyPath);
  const certificate = readFileSync(certificatePath, 'utf8');
  const key = readFileSync(keyPath, 'utf8');
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(certificate);
  } catch (error) {
    throw new FloorError(`${certificatePath} is not a certificate: restore it from a backup (a new one means enrolling every table again)`, { cause: error });
  }
  return { certificate, key, fingerprint: fingerprintHex(x509.fingerprint256) };
}

async function makeCertificate(certificatePath: string, keyPath: string): Promise<void> {
  if (!existsSync(OPENSSL)) throw new FloorError(`${OPENSSL} is missing: the floor makes its certificate with it at its first start (apt-get install openssl)`);
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pending = `${certificatePath}.new`;
  writeSecretFile(keyPath, privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  try {
    await promisify(execFile)(OPENSSL, ['req', '-new', '-x509', '-key', keyPath, '-subj', '/CN=Felt floor', '-days', '7305', '-sha256', '-out', pending]);
    writeSecretFile(certificatePath, readFileSync(pending, 'utf8'));
  } catch (error) {
    rmSync(keyPath, { force: true });
    throw new FloorError(`cannot make the floor's certificate with openssl: ${(error as Error).message}`, { cause: error });
  } finally {
    rmSync(pending, { force: true });
  }
}
