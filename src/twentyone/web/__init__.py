"""The party table in the browser: a web server where one host and everyone's phones play at an
engine table (docs/web.md)."""
