#!/usr/bin/env bash
# Installs the Debian packages Felt's tests need, when they are missing (with sudo unless run as root):
# chromium for the end-to-end tests of the croupier's screen (playwright-core drives Debian's Chromium;
# it cannot download a browser of its own here), socat for the serial tests over pseudo-terminal pairs,
# poppler-utils (pdftotext, pdftoppm, pdfinfo) to read and render the floor reports' PDFs in the tests;
# for the table PC's Debian package (npm run package:deb, test/package): binutils (strip), lintian, and
# systemd (systemd-analyze verify checks the units; nothing is started), and debootstrap for the longer
# installation check (npm run test:package). libusb-1.0-0 follows with the USB HID button panel.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium fonts-dejavu-core)
command -v socat >/dev/null 2>&1 || missing+=(socat)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
command -v strip >/dev/null 2>&1 || missing+=(binutils)
command -v lintian >/dev/null 2>&1 || missing+=(lintian)
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=$([ "$(id -u)" -eq 0 ] || echo sudo)
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
