#!/usr/bin/env bash
# Installs the Debian packages Felt's tests need, when they are missing (with sudo unless run as root):
# chromium for the end-to-end tests of the croupier's screen (playwright-core drives Debian's Chromium;
# it cannot download a browser of its own here). Later issues add socat and libusb-1.0-0.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium fonts-dejavu-core)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=$([ "$(id -u)" -eq 0 ] || echo sudo)
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
