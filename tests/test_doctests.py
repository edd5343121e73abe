"""Every module's examples run and give what they show, and every public function and
class carries at least one example (the project's rule for public docstrings)."""

import doctest
import importlib
import importlib.util
import inspect
import pkgutil

import mahjong_fast
import mahjong_fast._core as core
import pytest

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(mahjong_fast.__path__, "mahjong_fast.") if not m.name.endswith("__main__")
)
# The command-line modules' functions are the command's plumbing, not library API; the
# command itself is tested through the installed entry point.
LIBRARY = [m for m in MODULES if m != "mahjong_fast._core" and not m.split(".")[-1].startswith("cli")]
_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
# Modules built on optional packages (the RL environments' PettingZoo and Gymnasium
# classes): skipped when the package is not installed.
OPTIONAL = {"pettingzoo", "gymnasium"}
# Modules that import their optional package only when called (the cluster recipes):
# their examples run it, so they are skipped the same way when it is missing.
NEEDS = {"mahjong_fast.dask_data": "dask", "mahjong_fast.ray_data": "ray"}


def _import(name):
    need = NEEDS.get(name)
    if need and importlib.util.find_spec(need) is None:
        pytest.skip(f"{name} needs {need}, which is not installed")
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name and e.name.split(".")[0] in OPTIONAL:
            pytest.skip(f"{name} needs {e.name}, which is not installed")
        raise


def _public(module):
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in vars(module) if not n.startswith("_")]
    for name in names:
        obj = getattr(module, name)
        home = getattr(obj, "__module__", None)
        # Only what the module defines itself (re-exports are checked where they live).
        if (inspect.isfunction(obj) or inspect.isclass(obj) or inspect.isbuiltin(obj)) and home in (
            module.__name__,
            "mahjong_fast._core" if module is core else module.__name__,
        ):
            yield name, obj


@pytest.mark.parametrize("name", MODULES)
def test_module_examples_pass(name):
    module = _import(name)
    result = doctest.testmod(module, optionflags=_FLAGS)
    assert result.failed == 0


def test_compiled_examples_pass():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=_FLAGS)
    attempted = 0
    for name, obj in _public(core):
        for t in finder.find(obj, name, globs=dict(vars(core))):
            attempted += len(t.examples)
            runner.run(t)
    assert attempted > 0
    assert runner.summarize(verbose=False).failed == 0


@pytest.mark.parametrize("name", ["mahjong_fast._core", *LIBRARY])
def test_public_api_has_examples(name):
    module = _import(name)
    missing = [n for n, obj in _public(module) if ">>>" not in (inspect.getdoc(obj) or "")]
    assert not missing, f"{name}: public names without a runnable example: {missing}"
