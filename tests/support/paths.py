"""Where things are, for the tests: the checkout (``ROOT``), ``../shared`` beside it, and the
screenshots' folder.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


SHARED = (ROOT / ".." / "shared").resolve()


ARTIFACTS = ROOT / "tests" / "artifacts"
"""Screenshots for a person to look at (not committed)."""
