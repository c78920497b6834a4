"""Every configuration mistake is one line, ``FILE: dotted.key: problem``, with a
did-you-mean for a near miss (``euchre_core.config``)."""

from __future__ import annotations

import re

import pytest

from euchre_core import ConfigError, UnknownPluginError, UnknownVariantError, load_variant


def error_of(*args, **kwargs) -> ConfigError:
    with pytest.raises(ConfigError) as err:
        load_variant(*args, **kwargs)
    message = str(err.value)
    assert "\n" not in message, f"not one line: {message!r}"
    return err.value


def test_toml_syntax_error_names_the_file_and_keeps_line_and_column(variant_file):
    path = variant_file("broken.toml", '[variant]\nname = "broken"\nplugins = = ["tricks"]\n')
    err = error_of(path)
    assert str(err).startswith(f"{path}: TOML syntax error: ")
    assert re.search(r"line 3, column \d+", str(err))


def test_unknown_variant_by_name_suggests_the_near_miss():
    err = error_of("standrd")
    assert isinstance(err, UnknownVariantError)
    assert str(err) == (
        "command line: variant: unknown variant 'standrd' (did you mean 'standard'?)"
    )


def test_unknown_variant_in_extends_names_the_file_and_key(variant_file):
    path = variant_file("house.toml", '[variant]\nextends = "standrd"\n')
    err = error_of(path)
    assert isinstance(err, UnknownVariantError)
    assert str(err) == (
        f"{path}: variant.extends: unknown variant 'standrd' (did you mean 'standard'?)"
    )


def test_unknown_plugin_in_a_file_is_named_with_its_index(variant_file):
    path = variant_file(
        "house.toml", '[variant]\nplugins = ["tricks", "standard", "must-trumps"]\n'
    )
    err = error_of(path)
    assert isinstance(err, UnknownPluginError)
    assert str(err) == (
        f"{path}: variant.plugins[2]: unknown plugin 'must-trumps' (did you mean 'must-trump'?)"
    )


def test_unknown_plugin_given_as_a_rule():
    err = error_of("standard", rules=["stick-the-deler"])
    assert isinstance(err, UnknownPluginError)
    assert str(err) == (
        "command line: --rule stick-the-deler: unknown rule 'stick-the-deler' "
        "(did you mean 'stick-the-dealer'?)"
    )


def test_wrong_option_type_in_a_file(variant_file):
    path = variant_file(
        "house.toml", '[variant]\nextends = "standard"\n[options.standard]\ntarget_score = "11"\n'
    )
    assert str(error_of(path)) == (
        f'{path}: options.standard.target_score: expected an integer, got "11"'
    )


def test_wrong_option_value_lists_the_choices(variant_file):
    path = variant_file(
        "house.toml", '[variant]\nextends = "standard"\n[options.standard]\nalone_by = "anyone"\n'
    )
    assert str(error_of(path)) == (
        f'{path}: options.standard.alone_by: "anyone" is not one of '
        '"maker", "maker_or_partner", "any_player"'
    )


def test_wrong_option_type_given_in_code():
    assert str(error_of("standard", options={"standard.target_score": 1.5})) == (
        "command line: standard.target_score: expected an integer, got 1.5"
    )


def test_unknown_option_key_suggests_the_near_miss(variant_file):
    path = variant_file(
        "house.toml", '[variant]\nextends = "standard"\n[options.standard]\ntarget_scor = 11\n'
    )
    assert str(error_of(path)) == (
        f"{path}: options.standard.target_scor: unknown option (did you mean 'target_score'?)"
    )
    assert str(error_of("standard", options=["standard.opening_led=left_of_lone"])) == (
        "command line: standard.opening_led: unknown option (did you mean 'opening_lead'?)"
    )


def test_unknown_top_level_table(variant_file):
    path = variant_file(
        "house.toml", '[variant]\nextends = "standard"\n[option.standard]\ntarget_score = 11\n'
    )
    assert str(error_of(path)) == (
        f"{path}: option: unknown table (did you mean 'options'?); "
        "a variant file has [variant] and [options.<plugin>]"
    )


def test_unknown_variant_key(variant_file):
    path = variant_file("house.toml", '[variant]\nextends = "standard"\nplugin = ["must-trump"]\n')
    assert str(error_of(path)) == f"{path}: variant.plugin: unknown key (did you mean 'plugins'?)"


def test_options_for_a_plugin_not_in_the_stack(variant_file):
    path = variant_file(
        "house.toml", '[variant]\nextends = "standard"\n[options.super-euchre]\npoints = 4\n'
    )
    assert str(error_of(path)) == (
        f"{path}: options.super-euchre: plugin 'super-euchre' is not in this variant's "
        "plugins; add it to variant.plugins or use --rule"
    )
    assert str(error_of("standard", options=["super-euchre.points=4"])).startswith(
        "command line: -o super-euchre.points: plugin 'super-euchre' is not in this variant's"
    )


def test_extends_of_a_builtin_inherits_its_plugins_and_options(variant_file):
    path = variant_file(
        "house.toml",
        '[variant]\nextends = "standard"\nplugins = ["stick-the-dealer"]\n'
        "[options.standard]\ntarget_score = 11\n",
    )
    config = load_variant(path)
    assert config.plugins == ("tricks", "standard", "stick-the-dealer")
    assert config.option("standard.target_score") == 11
    assert config.origins["standard.target_score"] == str(path)
    assert config.origins["standard.opening_lead"] == "default"


def test_an_error_below_an_extends_names_the_file_that_has_it(variant_file):
    parent = variant_file(
        "parent.toml",
        '[variant]\nname = "kitchen"\nextends = "standard"\n[options.standard]\ndeck = "deck42"\n',
    )
    child = variant_file("child.toml", f'[variant]\nextends = "{parent}"\n')
    assert str(error_of(child)).startswith(f'{parent}: options.standard.deck: "deck42" is not one')


def test_extends_cycle_is_reported(variant_file):
    a = variant_file("a.toml", "")
    b = variant_file("b.toml", f'[variant]\nextends = "{a}"\n')
    a.write_text(f'[variant]\nextends = "{b}"\n', encoding="utf-8")
    assert str(error_of(a)) == (
        f"{a}: variant.extends: extends itself (a cycle: {a} -> {b} -> {a})"
    )
    own = variant_file("self.toml", "")
    own.write_text(f'[variant]\nextends = "{own}"\n', encoding="utf-8")
    assert "a cycle" in str(error_of(own))


@pytest.mark.parametrize("text", ["standard.target_score", "target_score=5", "=5", ".x=1"])
def test_malformed_override_strings(text):
    assert str(error_of("standard", options=[text])) == (
        f"command line: -o {text}: expected PLUGIN.KEY=VALUE, e.g. standard.target_score=5"
    )


def test_override_string_of_the_wrong_type():
    assert str(error_of("standard", options=["standard.target_score=ten"])) == (
        "command line: standard.target_score: expected an integer, got 'ten'"
    )
    assert str(error_of("standard", options=["standard.discard_may_be_upcard=maybe"])) == (
        "command line: standard.discard_may_be_upcard: expected true or false, got 'maybe'"
    )


def test_conflicting_plugins(variant_file):
    assert str(error_of("standard", rules=["stick-the-dealer", "dealer-forfeit"])) == (
        "command line: --rule stick-the-dealer: plugin 'stick-the-dealer' conflicts with "
        "plugin 'dealer-forfeit': use one of them"
    )
    path = variant_file(
        "house.toml",
        '[variant]\nextends = "standard"\nplugins = ["stick-the-dealer", "no-trump-passout"]\n',
    )
    assert str(error_of(path)) == (
        f"{path}: variant.plugins: plugin 'stick-the-dealer' conflicts with plugin "
        "'no-trump-passout': use one of them"
    )


def test_defend_alone_and_any_player_alone_overlap():
    err = error_of("standard", rules=["defend-alone"], options={"standard.alone_by": "any_player"})
    assert str(err).endswith(
        "options.standard.alone_by: plugin 'defend-alone' overlaps alone_by = any_player: "
        "use one of them"
    )


def test_a_rule_that_cannot_be_imported_is_blamed_on_the_command_line(monkeypatch) -> None:
    """The error names ``--rule NAME``, not a line of the variant file."""
    import euchre_core.config as config_mod
    import euchre_core.manager as manager_mod
    from euchre_core.errors import UnknownPluginError
    from euchre_core.manager import PluginInfo

    known = dict(manager_mod.available_plugins())
    known["broken-rule"] = PluginInfo("broken-rule", "euchre_no_such_module", "x", "0", False)
    monkeypatch.setattr(manager_mod, "available_plugins", lambda: known)
    monkeypatch.setattr(config_mod, "available_plugins", lambda: known)
    with pytest.raises(UnknownPluginError) as err:
        config_mod.load_variant("standard", rules=["broken-rule"])
    assert str(err.value).startswith(
        "command line: --rule broken-rule: plugin 'broken-rule' could not be imported"
    )


def test_a_refusal_of_a_builtin_variant_names_the_variant_not_a_file_name():
    # "euchre play --players 7" said "standard.toml: ...", a file the user never named
    with pytest.raises(ConfigError) as err:
        load_variant("standard", players=7)
    message = str(err.value)
    assert message.startswith("variant standard with --players 7: options.standard.deck:"), message
    assert ".toml" not in message


def test_a_table_too_small_for_the_players_asked_names_the_flag_and_the_pack_that_holds_them(
    variant_file,
):
    message = str(error_of("standard", players=5))
    assert message == (
        "variant standard with --players 5: options.standard.deck: deck24 has 24 cards: too "
        "few for 5 players with 5 cards each and an up-card; -o standard.deck=deck28 holds "
        "enough"
    )
    assert load_variant("standard", players=5, options=["standard.deck=deck28"]).players == 5
    # with no --players, the variant file's own count is what is wrong: no flag is named
    five = variant_file(
        "five.toml", '[variant]\nname = "five"\nplayers = 5\nplugins = ["tricks", "standard"]\n'
    )
    assert str(error_of(five)).startswith(f"{five}: options.standard.deck: deck24 has 24 cards")
