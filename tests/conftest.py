import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["CAPTAINS_SEA_NO_ANIMATION"] = "1"  # moves never glide in tests (gui/board/motion.py)
