#!/bin/sh
# npm run test:package — the Debian package installed as a table PC gets it, with its maintainer scripts, in a
# throwaway Debian 12 made by debootstrap (kept between runs in $FELT_TRY_DIR, /var/tmp/felt-package-try):
#   1. a first install: apt resolves the package's dependencies from Debian; the user and group felt, the
#      folder /var/lib/felt (0700), the services enabled for boot;
#   2. felt run as root acts as the table's user: the table it makes is felt's, and so is the daily check's
#      result;
#   3. an upgrade: the table is copied to /var/lib/felt/before-<old> and migrated, and still verifies;
#   4. an upgrade whose migration fails: dpkg says so, the copy taken before is back in place byte for byte,
#      and the message says how to return; installing the version before brings the table back.
# Needs root (chroot), debootstrap and a Debian mirror ($FELT_DEBIAN_MIRROR). The quick checks of the package
# (dpkg-deb, lintian, systemd-analyze, an unpacked start in Chromium) run in npm test: test/package/deb.test.ts.
set -eu
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "test:package: run as root: it installs into a throwaway Debian with chroot" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "test:package: debootstrap is missing (scripts/setup-debian.sh installs it)" >&2; exit 2; }
WORK=${FELT_TRY_DIR:-/var/tmp/felt-package-try}
MIRROR=${FELT_DEBIAN_MIRROR:-http://deb.debian.org/debian}
BASE=$WORK/base
ROOT=$WORK/root
DEBS=$WORK/debs
VERSION=$(node -p 'require("./package.json").version')
OLD=$VERSION
NEW=$VERSION+upgrade1
BROKEN=$VERSION+upgrade2

step() { printf '\n== %s\n' "$*"; }
fail() { echo "test:package: FAILED: $*" >&2; exit 1; }
# The host's environment stays outside (its NODE_EXTRA_CA_CERTS names a file the new Debian lacks).
in_root() { env -u NODE_EXTRA_CA_CERTS chroot "$ROOT" "$@"; }
owner() { in_root stat -c '%U:%G %a' "$1"; }

step "the packages: $OLD, $NEW, and $BROKEN whose migration fails"
npm run build >/dev/null
rm -rf "$DEBS"
node scripts/package-deb.mjs --out "$DEBS"
node scripts/package-deb.mjs --out "$DEBS" --version "$NEW"
node scripts/package-deb.mjs --out "$DEBS" --version "$BROKEN" --keep
# The broken one: its felt migrate fails as a migration with a fault would (the package is otherwise whole).
STAGE=$(find "$DEBS" -maxdepth 1 -type d -name "felt_${BROKEN}_*")
FELT_JS=$STAGE/usr/lib/felt/dist/felt.js
{ printf '%s\n' "if (process.argv[2] === 'migrate') { console.error('felt migrate: a fault planted by test:package'); process.exit(1); }"; cat "$FELT_JS"; } >"$FELT_JS.new"
mv "$FELT_JS.new" "$FELT_JS"
( cd "$STAGE" && find usr -type f ! -path './DEBIAN/*' -exec md5sum {} + >DEBIAN/md5sums )
dpkg-deb --root-owner-group -Zgzip --build "$STAGE" "$STAGE.deb" >/dev/null
rm -rf "$STAGE"
DEB_OLD=$(ls "$DEBS"/felt_"$OLD"_*.deb)
DEB_NEW=$(ls "$DEBS"/felt_"$NEW"_*.deb)
DEB_BROKEN=$(ls "$DEBS"/felt_"$BROKEN"_*.deb)

if [ ! -f "$BASE/.complete" ]; then
  step "a Debian 12 (debootstrap, once: kept in $BASE)"
  rm -rf "$BASE"
  debootstrap --variant=minbase bookworm "$BASE" "$MIRROR"
  touch "$BASE/.complete"
fi
step "a throwaway copy of it: $ROOT"
rm -rf "$ROOT"
cp -a "$BASE" "$ROOT"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
mkdir -p "$ROOT/tmp/debs"
cp "$DEB_OLD" "$DEB_NEW" "$DEB_BROKEN" "$ROOT/tmp/debs/"
mount -t proc proc "$ROOT/proc"
trap 'umount "$ROOT/proc" 2>/dev/null || true' EXIT
# No service is started in a chroot: systemd's tools see it and only enable.
export DEBIAN_FRONTEND=noninteractive
in_root apt-get -qq update

step "1. the first install"
in_root apt-get -qq install -y --no-install-recommends "/tmp/debs/$(basename "$DEB_OLD")" >/dev/null
in_root getent passwd felt | grep -q ':/var/lib/felt:/usr/sbin/nologin$' || fail "no user felt with home /var/lib/felt"
in_root id -nG felt | grep -qw dialout || fail "felt is not in dialout (the serial devices)"
[ "$(owner /var/lib/felt)" = "felt:felt 700" ] || fail "/var/lib/felt is $(owner /var/lib/felt), not felt:felt 700"
for link in multi-user.target.wants/felt-table.service graphical.target.wants/felt-kiosk.service timers.target.wants/felt-verify.timer; do
  [ -L "$ROOT/etc/systemd/system/$link" ] || fail "$link is not enabled"
done
in_root felt --version | grep -q "^felt $VERSION " || fail "felt --version"

step "2. felt as root acts as the table's user"
in_root felt sim --hands 40 --seed 7 --db /var/lib/felt/table.db >/dev/null
[ "$(owner /var/lib/felt/table.db)" = "felt:felt 600" ] || fail "the table made by root's felt is $(owner /var/lib/felt/table.db)"
in_root felt verify --full --daily --db /var/lib/felt/table.db
[ "$(owner /var/lib/felt/table.db.daily-check.json)" = "felt:felt 600" ] || fail "the daily check's result is $(owner /var/lib/felt/table.db.daily-check.json)"
BEFORE=$(md5sum <"$ROOT/var/lib/felt/table.db")

step "3. the upgrade to $NEW"
in_root dpkg -i "/tmp/debs/$(basename "$DEB_NEW")" >"$WORK/upgrade.out" 2>&1 || { cat "$WORK/upgrade.out"; fail "the upgrade"; }
cat "$WORK/upgrade.out"
grep -q "copied to /var/lib/felt/before-$OLD before the upgrade from $OLD" "$WORK/upgrade.out" || fail "no copy was announced"
[ "$(md5sum <"$ROOT/var/lib/felt/before-$OLD/table.db")" = "$BEFORE" ] || fail "the copy is not the table as it was"
[ "$(owner "/var/lib/felt/before-$OLD")" = "felt:felt 700" ] || fail "the copy's folder is $(owner "/var/lib/felt/before-$OLD")"
in_root felt verify --full --db /var/lib/felt/table.db
in_root dpkg-query -W -f '${Version} ${Status}\n' felt | grep -qx "$NEW install ok installed" || fail "$NEW is not installed"

step "4. the upgrade to $BROKEN, whose migration fails"
BEFORE=$(md5sum <"$ROOT/var/lib/felt/table.db")
if in_root dpkg -i "/tmp/debs/$(basename "$DEB_BROKEN")" >"$WORK/broken.out" 2>&1; then cat "$WORK/broken.out"; fail "a failed migration was installed"; fi
cat "$WORK/broken.out"
grep -q "the copy taken before the upgrade is back in place" "$WORK/broken.out" || fail "no word of the copy put back"
grep -q "apt install felt=$NEW" "$WORK/broken.out" || fail "no word of how to return"
[ "$(md5sum <"$ROOT/var/lib/felt/table.db")" = "$BEFORE" ] || fail "the table is not the copy taken before"
in_root dpkg -i "/tmp/debs/$(basename "$DEB_NEW")" >/dev/null 2>&1 || fail "the version before would not come back"
in_root dpkg-query -W -f '${Version} ${Status}\n' felt | grep -qx "$NEW install ok installed" || fail "$NEW is not back"
in_root felt verify --full --db /var/lib/felt/table.db

step "test:package: every check passed"
