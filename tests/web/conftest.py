"""Fixtures shared by the browser tests: one Debian Chromium per test module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_kit import launch
from playwright.sync_api import Browser, sync_playwright


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()
