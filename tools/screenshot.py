"""`make screenshot`: docs/gallery.png, the README's picture of the proof site's card gallery.

Builds Diplomatic Immunity's site into a temporary folder and photographs its card gallery
with headless Chromium (Debian's `chromium`), at 1280 x 900, shrunk to 960 px wide.

    python tools/screenshot.py [--out docs/gallery.png]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

from pnp.cli import main as pnp

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "gallery.png")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("screenshot: needs Chromium (apt-get install chromium)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        game = "diplomatic-immunity"
        build = ["build", "--content", str(ROOT / "content"), "--out", str(out), "--html"]
        if pnp([*build, "--paper", "a4", game]) != 0:
            return 1
        shot = out / "shot.png"
        subprocess.run(
            [
                chromium,
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--window-size=1280,900",
                "--virtual-time-budget=10000",  # the page laid out and its images loaded
                f"--screenshot={shot}",
                (out / game / "site" / "cards.html").as_uri(),
            ],
            check=True,
            capture_output=True,
        )
        image = Image.open(shot).convert("RGB")
        image = image.resize(
            (960, round(image.height * 960 / image.width)), Image.Resampling.LANCZOS
        )
        args.out.parent.mkdir(parents=True, exist_ok=True)
        image.save(args.out, optimize=True)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
