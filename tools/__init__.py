"""The machinery behind ``build.py``, one readable module per job.

* :mod:`tools.common` - repository paths and the few helpers every part uses;
* :mod:`tools.environment` - Python >= 3.12, ``.venv``, pip, npm and wheels; the re-exec;
* :mod:`tools.apps` - the game pages of :mod:`webapp.registry` and their entry scripts;
* :mod:`tools.site` - the static site (converted pages, tutorials, landing page);
* :mod:`tools.lite` - the JupyterLite tutorials with Pyodide vendored;
* :mod:`tools.bytecode` - Python 3.14 bytecode for the tutorials' wheels and standard library;
* :mod:`tools.landing` - the landing page's list of games;
* :mod:`tools.serve` - ports, the static server and ``panel serve`` for ``play``;
* :mod:`tools.pyodide_node` - running repository Python inside Pyodide on Node;
* :mod:`tools.testing` - ``build.py test``: ruff, mypy, the site, two pytest sessions;
* :mod:`tools.bench` - ``build.py bench``: the per-game tables in CPython and Pyodide.

``build.py`` runs first on any ``python3`` (3.11 included) with only the
standard library: :mod:`tools.common` and :mod:`tools.environment` are the
modules it needs before re-running itself inside ``.venv``, so they stay
standard-library only and 3.11-compatible.  The others run inside ``.venv``.
"""
