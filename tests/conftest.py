"""The suite's hypothesis profile (tests/profiles.py: `quick` in the quick loop, else `ci`, or
HYPOTHESIS_PROFILE) and the quick loop's selection (below)."""

from __future__ import annotations

import os
import socket
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from p2pshithead import lang
from p2pshithead.cli.home import HOME_ENV

from . import profiles

# -- the quick loop ----------------------------------------------------------------------------------
# `./scripts/test --quick` (P2PS_QUICK=1) runs every test that opens no socket and starts no process.
# Such tests are marked `e2e`, by module in E2E_MODULES, by test in E2E_TESTS (or by a test's own
# mark). The lists cannot go stale quietly: in the quick run, a test that binds or connects a socket,
# or starts a process, fails with the words to fix it.

E2E_MODULES = frozenset({
    "bench/test_net.py", "bench/test_soak.py", "cli/test_play_pexpect.py", "cli/test_series_pexpect.py",
    "net/test_adversary.py", "net/test_evening.py", "net/test_host_stops.py", "net/test_limits.py",
    "net/test_netns.py", "net/test_people.py", "net/test_small_paths.py",
    "net/test_rejoin.py", "net/test_series.py", "net/test_sit_again.py", "net/test_sockets.py",
    "net/test_watch_again.py", "net/test_watch_host.py", "speed/test_host_pexpect.py", "speed/test_play_pexpect.py",
    "test_compiled.py", "test_portable.py", "bench/test_start.py", "cli/test_screens.py",
    "cli/test_languages_pexpect.py", "cli/test_table_lang_pexpect.py", "net/test_audit_offer.py",
    "net/test_audit_half_close.py", "cli/test_audit_files.py", "cli/test_audit_input.py", "cli/test_audit_host.py",
    "cli/test_audit_signals.py", "cli/test_paths_play.py", "net/test_paths_speed.py", "net/test_paths_resume.py",
    "net/test_paths_typeahead.py", "net/test_paths_leave.py", "net/test_paths_term.py", "net/test_paths_lobby.py",
    "net/test_speed_lobby.py", "cli/test_join_list_game.py", "cli/test_leaving_question.py",
    "cli/test_speed_sigterm.py", "cli/test_watch_host_gone.py",
})  # fmt: skip
"""Modules (paths from tests/) whose tests open sockets or start processes (all or most of them)."""
E2E_TESTS = frozenset({
    "bench/test_speed.py::test_each_direction_is_measured_against_its_floor_which_no_play_beats",
    "bots/test_cli.py::test_simulate_in_worker_processes_counts_what_one_process_counts",
    "cli/test_watch_pexpect.py::test_a_spectator_sees_the_table_redrawn_and_the_host_left_alone_says_so",
    "cli/test_lazy.py::test_the_listing_loads_no_command_and_each_loads_on_use",
    "cli/test_language.py::test_the_language_is_chosen_before_the_command_is_imported",
    "cli/test_lazy.py::test_each_summary_is_the_commands_own_in_every_language",
    "crypto/test_group.py::test_importing_the_deck_leaves_no_copy_of_libsodium_behind",
    "net/test_caps.py::test_peers_waiting_for_the_next_game_are_capped_at_the_seats_it_could_give",
    "net/test_caps.py::test_spectators_past_the_cap_are_refused_in_words_and_a_seat_still_has_room",
    "net/test_cli.py::test_a_refused_connection_is_said_in_words",
    "net/test_cli.py::test_a_refused_connection_is_said_in_the_language_in_use",
    "net/test_cli.py::test_four_processes_end_with_the_same_transcript_hash",
    "net/test_cli.py::test_join_refuses_a_journal_that_does_not_fit_in_words_and_the_next_join_goes_on",
    "net/test_cli.py::test_a_joiners_journal_keeps_the_tables_name_so_join_by_name_comes_back_to_it",
    "net/test_cli.py::test_verify_calls_a_broken_chain_file_damage_and_blames_nobody",
    "net/test_cli.py::test_verify_reports_an_incomplete_game",
    "net/test_cli.py::test_a_table_with_house_rules_shows_them_before_anyone_sits_and_plays_by_them",
    "net/test_cli.py::test_join_refuses_a_table_of_another_protocol_version_before_dialling_it",
    "net/test_cli.py::test_list_finds_an_announced_table_and_join_plays_it",
    "net/test_cli.py::test_a_fifo_for_the_key_or_a_tables_record_is_refused_in_words_not_waited_on",
    "net/test_cli.py::test_a_link_local_bind_address_is_refused_in_words",
    "net/test_cli.py::test_a_misspelled_house_rule_is_refused_before_the_table_opens",
    "net/test_cli.py::test_a_port_in_use_is_said_in_words_with_the_next_step",
    "net/test_cli.py::test_an_address_bind_cannot_reach_is_refused_in_words",
    "net/test_cli.py::test_host_refuses_more_bots_than_seats",
    "net/test_cli.py::test_host_resume_refuses_a_journal_that_does_not_fit_in_words_and_sets_it_aside",
    "cli/test_rules.py::test_an_unknown_saved_name_lists_the_saved_ones_and_how_to_save_one",
    "net/test_equivocation.py::test_a_seat_killed_with_a_message_in_flight_sends_that_very_message_again",
    "net/test_equivocation.py::test_a_seat_that_sends_two_messages_for_one_place_is_named_by_every_peer_and_by_the_saved_file",
    "net/test_equivocation.py::test_the_same_message_sent_twice_is_harmless",
    "net/test_terminal.py::test_a_person_joins_by_address_and_plays_a_french_evening_of_three_games",
    "net/test_terminal.py::test_a_person_who_does_not_type_in_time_has_their_program_play_for_them",
    "net/test_terminal.py::test_a_person_who_quits_leaves_for_good_and_the_others_play_on",
    "speed/test_network.py::test_two_peers_race_over_sockets_with_identical_results_at_both_ends",
    "test_catalogs.py::test_a_process_speaking_a_language_reads_its_catalog",
    "test_late.py::test_a_bare_import_loads_none_of_the_late_half",
    "test_layers.py::test_importing_a_package_loads_only_what_it_may_import",
    "wire/test_schema.py::test_the_wire_package_loads_nothing_of_p2pshithead_but_errors",
})
"""Single tests (path from tests/ and name) that do, in modules whose other tests do not."""
QUICK = os.environ.get("P2PS_QUICK") == "1"

if os.environ.get("PYTEST_XDIST_WORKER"):  # a worker carries COLUMNS=80 and LINES=24 in its environment,
    for _name in ("COLUMNS", "LINES"):  # which every program a test starts would take for its terminal's
        os.environ.pop(_name, None)  # size (shutil.get_terminal_size reads them first): each has its own pty
profiles.load(QUICK)
os.environ["P2PSHITHEAD_LANG"] = "en"  # the suite speaks English whatever the locale of the machine it runs on;
# a test of another language says so (its own environment, `--lang`, or `lang.use`, undone below)
_HOME = tempfile.TemporaryDirectory(prefix="p2ps-suite-home-")  # (removed as the process ends)
os.environ[HOME_ENV] = _HOME.name  # the suite's config folder, never the machine's: a program a test started with
# `--lang fr` kept French for the person who ran the suite; a test that needs its own folder sets it


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    yield
    lang.use("en")


@pytest.fixture(autouse=True)
def _the_suite_folder_after_each_test() -> Iterator[None]:
    """A test (or a fixture of its module) that took the suite's config folder away fails here: the
    programs the tests after it start would write the machine's (a `--lang fr` kept there, seen)."""
    yield
    assert os.environ.get(HOME_ENV) == _HOME.name, f"{HOME_ENV} is {os.environ.get(HOME_ENV)!r} after this test"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: opens a socket or starts a process (left out of --quick)")


def pytest_collection_finish(session: pytest.Session) -> None:
    if QUICK:  # after the imports (a library may ask ldconfig where a shared library is)
        _no_sockets_or_processes()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = item.path.relative_to(Path(__file__).parent).as_posix()
        test = f"{path}::{getattr(item, 'originalname', item.name)}"
        if path in E2E_MODULES or test in E2E_TESTS:
            item.add_marker(pytest.mark.e2e)
    items.sort(key=_first)  # the longest and the long waits first (stable)
    if QUICK:
        kept = [item for item in items if item.get_closest_marker("e2e") is None]
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept


# -- workers -----------------------------------------------------------------------------------------
# `./scripts/test` runs the tests in worker processes (pytest-xdist, `--dist loadfile`), a work unit at a
# time, handed out in the order of the collection (below: not pytest-xdist's, which puts the units of most
# tests first, so a long module of a few tests came last and held the run alone). A unit is a module: its
# tests share what may not run apart (a module-scoped fixture, built once; the cases of one end-to-end
# test, which announce the same table names on the one mDNS of this machine). A module in APART is cut
# finer, as it says. (`--dist loadgroup` with marks cannot do this: pytest-xdist 3.8 names no group under
# pytest 9, since its worker's hook writes `item._nodeid`, which pytest 9 no longer reads.) Every other
# shared thing is the test's own: ports are the system's pick (port 0), each process's config folder a
# temporary one.

APART = {"test_commands.py": "case", "engine/test_properties.py": "test", "net/test_small_paths.py": "test"}
"""Modules (paths from tests/) whose every "test" (all its cases) or every "case" is a unit of its own."""
LONGEST = ("test_commands.py", "net/test_small_paths.py", "net/test_netns.py", "net/test_rejoin.py",
           "speed/test_host_pexpect.py", "net/test_people.py", "net/test_paths_speed.py",
           "cli/test_leaving_question.py", "engine/test_properties.py", "engine/test_spec_properties.py",
           "game/test_leave.py")
"""Modules that take the longest (`--durations`: seconds on one worker), first and in this order: a worker
left with one at the end holds the run. A stale list costs time only. Then the other end-to-end tests:
they wait the longest."""


def _unit(nodeid: str) -> str:
    """The work unit of the test `nodeid` ("path::name[case]", path from the rootdir)."""
    path, _, name = nodeid.partition("::")
    apart = APART.get(path.removeprefix("tests/"))
    if apart == "case":
        return nodeid
    return f"{path}::{name.split('[')[0]}" if apart == "test" else path


def _first(item: pytest.Item) -> tuple[int, bool]:
    path = item.path.relative_to(Path(__file__).parent).as_posix()
    return LONGEST.index(path) if path in LONGEST else len(LONGEST), item.get_closest_marker("e2e") is None


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling  # type: ignore[import-untyped]  # (with workers only)

    class Units(LoadFileScheduling):
        _split_scope = staticmethod(_unit)

    config.option.loadscopereorder = False  # the units in the collection's order
    return Units(config, log)


def _refuse(what: str) -> Callable[..., object]:
    def refused(*args: object, **kwargs: object) -> object:
        raise AssertionError(f"this test {what}: list it in E2E_MODULES or E2E_TESTS (tests/conftest.py)")

    return refused


def _no_sockets_or_processes() -> None:
    """For the quick run, from its first test: no socket leaves this process's memory, no process starts."""
    for name in ("bind", "connect", "connect_ex"):
        setattr(socket.socket, name, _refuse(f"calls socket.{name}"))
    subprocess.Popen.__init__ = _refuse("starts a process")  # type: ignore[method-assign,assignment]
    os.fork = _refuse("forks")  # type: ignore[assignment]
    os.forkpty = _refuse("forks")  # type: ignore[assignment]
