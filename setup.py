"""The optional compiled build.

Everything about the package is in ``pyproject.toml``; this file only adds the compiled
build. With ``EUCHRE_COMPILE=1`` in the environment, ``pip install .`` compiles the modules
of ``euchre_core/build.py`` (the core's hot modules and the standard plugin's rules asked
at every hand) to C extensions with mypyc (taken from PyPI into the build environment,
pinned), so simulations run faster (heuristic bots: about 1.7 times). The compiled modules
behave exactly as the Python ones (the test suite runs against both builds); everything
else stays Python. Without the variable the package is pure Python.

    EUCHRE_COMPILE=1 pip install .
"""

from __future__ import annotations

import os
import runpy
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import __version__ as setuptools_version
from setuptools import setup

#: What ``euchre_core/build.py`` says (the modules compiled, and the folder of the source
#: tree each package is in), read without importing the package, whose dependencies the
#: build environment may not have.
BUILD = runpy.run_path(str(Path(__file__).parent / "euchre_core" / "build.py"))
#: A copy of the folders whose name is not their package's (``plugins`` is installed as
#: ``euchre_plugins``), under the package's name: mypyc names a module after its path.
STAGED = Path("build") / "mypyc-sources"


def _compiled_paths() -> list[str]:
    """The source of each module compiled, at a path that names the module: the core's
    where they are, a plugin module's in a fresh copy of its folder under ``STAGED``."""
    paths = []
    staged: set[str] = set()
    for name in BUILD["COMPILED_MODULES"]:
        package = name.partition(".")[0]
        folder = BUILD["SOURCE_FOLDERS"][package]
        source = BUILD["source_path"](name)
        if folder == package:
            paths.append(source)
            continue
        if package not in staged:
            shutil.rmtree(STAGED / package, ignore_errors=True)
            shutil.copytree(folder, STAGED / package, ignore=shutil.ignore_patterns("__pycache__"))
            staged.add(package)
        paths.append(str(STAGED / package / Path(source).relative_to(folder)))
    return paths


#: The mypyc that compiles them (the type checker the project is checked with).
MYPYC = "mypy==2.4.1"
#: What the build needs: mypyc, and the libraries the compiled modules' types come from.
BUILD_NEEDS = [MYPYC, "pluggy>=1.3", "tomli>=2.0; python_version < '3.11'"]
#: The licence (``dynamic`` in pyproject.toml): an SPDX expression where setuptools takes
#: one (77 and later), the License field before that; the text is the LICENSE file.
LICENCE = (
    {"license_expression": "Apache-2.0"}
    if int(setuptools_version.split(".")[0]) >= 77
    else {"license": "Apache-2.0"}
)


def _compile_requested() -> bool:
    value = os.environ.get("EUCHRE_COMPILE", "").strip().lower()
    if value in ("", "0", "no", "false"):
        return False
    if value in ("1", "yes", "true"):
        return True
    sys.exit(f"EUCHRE_COMPILE: expected 1 or 0, not {value!r}")


def _check_build_tools() -> None:
    """Stop with one line when there is no C compiler or no Python headers to build with."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split() or ["cc"]
    if shutil.which(cc[0]) is None:
        sys.exit(f"EUCHRE_COMPILE: the compiled build needs a C compiler; {cc[0]!r} is not found")
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        sys.exit(f"EUCHRE_COMPILE: the compiled build needs the Python headers; no {headers}")


if not _compile_requested():
    setup(**LICENCE)
elif any(cmd.startswith("editable") or cmd == "develop" for cmd in sys.argv[1:]):
    sys.exit(
        "EUCHRE_COMPILE: the compiled build is installed with 'pip install .', "
        "not as an editable install"
    )
else:
    _check_build_tools()
    try:
        from mypyc.build import mypycify
    except ImportError:
        # The first pass of a build only asks what the build needs: mypyc, from PyPI.
        if any(cmd in ("bdist_wheel", "build_ext", "build", "install") for cmd in sys.argv[1:]):
            sys.exit(f"EUCHRE_COMPILE: the compiled build needs mypyc ({MYPYC}) to build")
        setup(setup_requires=BUILD_NEEDS, **LICENCE)
    else:
        setup(
            setup_requires=BUILD_NEEDS,
            ext_modules=mypycify(_compiled_paths(), opt_level="3", group_name="euchre_core"),
            **LICENCE,
        )
