"""The test suite's root: pytest puts this folder on the import path when it reads this file, so
the kits here (``proc_kit``, ``engine_kit``) are imported the same way from every subfolder."""
