"""What a person's own disk can hold that the program must read: each damaged or odd file or folder is
named in words with the next step, through the real command as typed (never a traceback, never a bare
errno, never a misplaced blame such as "--name" for a key the person never typed)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519, rsa

PROGRAM = str(Path(sys.executable).with_name("p2pshithead"))
KEY = ("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIBgwtHwTXNGhX8mmpqgDTuQh+lEWsVhW3WQAO0/v1rhT\n"
       "-----END PRIVATE KEY-----\n")  # an Ed25519 key, as the program writes one  # fmt: skip


def _pem(key: object, encryption: object = serialization.NoEncryption()) -> str:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,  # type: ignore[attr-defined]
                             encryption).decode()  # fmt: skip


RSA = _pem(rsa.generate_private_key(65537, 1024))
ENCRYPTED = _pem(ed25519.Ed25519PrivateKey.generate(), serialization.BestAvailableEncryption(b"secret"))


def run(home: Path, *args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The program as a person types it, with `home` as its config folder (no terminal: stdin a pipe)."""
    environ = {**os.environ, "P2PSHITHEAD_HOME": str(home), "P2PSHITHEAD_LANG": "en", **(env or {})}
    return subprocess.run([PROGRAM, *args], input=stdin, capture_output=True, text=True, env=environ, timeout=60,
                          errors="replace")  # fmt: skip


def said(result: subprocess.CompletedProcess[str]) -> str:
    """What the person read, checked to be words and no traceback."""
    text = result.stdout + result.stderr
    assert "Traceback" not in text and "Errno" not in text, text
    return " ".join(text.split())


def joined(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`join` at a port where nothing listens on this machine: it gets as far as the identity."""
    return run(home, "join", "--address", "127.0.0.1:9", "--wait", "1", *args)


@pytest.mark.parametrize("pem", ["", "-----BEGIN PRIVATE KEY-----\ngarbage\n-----END PRIVATE KEY-----\n", RSA,
                                 ENCRYPTED, "\x00\xff binary"])  # fmt: skip
def test_a_key_file_that_holds_no_key_of_ours_is_named_with_the_next_step_and_never_blamed_on_name(
        tmp_path: Path, pem: str) -> None:  # fmt: skip
    (tmp_path / "identity.pem").write_text(pem, encoding="latin-1")
    (tmp_path / "nick").write_text("ana\n")
    result = joined(tmp_path)
    text = said(result)
    assert result.returncode == 1
    assert f"{tmp_path / 'identity.pem'} does not hold a key this program can use" in text, text
    assert "--name" not in text and "move it away" in text
    assert (tmp_path / "identity.pem").read_text(encoding="latin-1") == pem  # nothing lost


@pytest.mark.parametrize("kept", [b"\xff\xfebob\n", b"bo\x1b[31mb\n", b"b" * 10_000_000, b"\n", b"/dev/zero"])
def test_a_kept_nickname_that_is_no_nickname_is_named_with_the_next_step_and_not_shown(tmp_path: Path,
                                                                                       kept: bytes) -> None:
    (tmp_path / "identity.pem").write_text(KEY)
    if kept == b"/dev/zero":  # (endless: it must not be read whole)
        (tmp_path / "nick").symlink_to("/dev/zero")
    else:
        (tmp_path / "nick").write_bytes(kept)
    result = joined(tmp_path)
    text = said(result)
    assert result.returncode == 1 and len(text) < 400, text[:400]
    assert f"{tmp_path / 'nick'} keeps no nickname this program can use" in text and "--name NAME" in text, text
    assert "\x1b" not in text and "Invalid value for --name" not in text


def test_a_name_that_is_no_nickname_is_blamed_on_name_in_words(tmp_path: Path) -> None:
    text = said(joined(tmp_path, "--name", "x" * 30))
    assert "Invalid value for '--name'" in text and "1 to 24 printable characters" in text, text


@pytest.mark.parametrize("where", ["home", "key"])
def test_a_file_where_the_config_folder_or_a_folder_where_the_key_should_be_is_named(tmp_path: Path,
                                                                                     where: str) -> None:
    home = tmp_path / "home"
    if where == "home":
        home.write_text("a file\n")
    else:
        (home / "identity.pem").mkdir(parents=True)
    text = said(joined(home, "--name", "ana"))
    assert "cannot be used" in text and "P2PSHITHEAD_HOME" in text, text


def test_a_good_identity_still_loads_and_its_nickname_is_kept(tmp_path: Path) -> None:
    (tmp_path / "identity.pem").write_text(KEY)
    result = joined(tmp_path, "--name", "Zoë")
    assert result.returncode == 3 and "refused the connection" in said(result)  # (no table: it stops there)
    assert (tmp_path / "nick").read_text(encoding="utf-8") == "Zoë\n" and (tmp_path / "identity.pem").read_text() == KEY


@pytest.mark.parametrize("kept", [b"\xff\xfe garbage", b"xx\x1b[31mRED\x1b]0;title\x07", b"a" * 10_000_000])
def test_a_kept_language_that_is_garbage_is_named_briefly_and_its_escape_codes_never_reach_the_terminal(
        tmp_path: Path, kept: bytes) -> None:  # fmt: skip
    (tmp_path / "language").write_bytes(kept)
    result = run(tmp_path, "rules", "classic", env={"P2PSHITHEAD_LANG": ""})
    text = said(result)
    assert result.returncode == 1 and len(text) < 300, text[:300]
    assert f"{tmp_path / 'language'} keeps the language" in text and "choose one with --lang" in text, text
    assert "\x1b" not in text and "\x07" not in text and (kept[:2] != b"xx" or "'xx\\x1b[31mRED" in text)


@pytest.mark.parametrize("where", ["option", "variable"])
def test_a_language_given_with_escape_codes_is_refused_without_them(tmp_path: Path, where: str) -> None:
    code = "\x1b[2J\x1b[31mfr"
    args, env = (["--lang", code], {}) if where == "option" else ([], {"P2PSHITHEAD_LANG": code})
    text = said(run(tmp_path, "rules", *args, env=env))
    assert "is not a language of this program" in text and "'\\x1b[2J\\x1b[31mfr'" in text, text  # (shown, not run)


def test_saving_house_rules_where_the_config_folder_is_a_file_says_so(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.write_text("a file\n")
    result = run(home, "rules", "pagat", "--set", "eight=under", "--save", "mine")
    text = said(result)
    assert result.returncode == 1 and f"cannot save ~mine in {home / 'rules'}" in text, text
    assert "P2PSHITHEAD_HOME" in text


def test_deleting_a_saved_ruleset_that_cannot_be_deleted_says_so(tmp_path: Path) -> None:
    (tmp_path / "rules" / "mine.json").mkdir(parents=True)
    result = run(tmp_path, "rules", "--delete", "mine")
    text = said(result)
    assert result.returncode == 1 and f"cannot delete {tmp_path / 'rules' / 'mine.json'}" in text, text


def _full_disk() -> bool:
    """Whether this test may mount a tiny tmpfs in a mount namespace of its own (root, `unshare`)."""
    return os.geteuid() == 0 and subprocess.run(["unshare", "--mount", "true"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _full_disk(), reason="mounting a full disk needs root and unshare (the CI runs as root)")
def test_a_full_disk_saves_no_half_ruleset_and_keeps_the_one_saved_before(tmp_path: Path) -> None:
    first = run(tmp_path, "rules", "pagat", "--save", "mine")
    assert first.returncode == 0, said(first)
    before = (tmp_path / "rules" / "mine.json").read_bytes()
    filler = "head -c 1000000 /dev/zero > $P2PSHITHEAD_HOME/rules/filler 2>/dev/null"
    script = (f"mount -t tmpfs -o size=64k tmpfs $P2PSHITHEAD_HOME/rules && cp {tmp_path}/keep/mine.json "
              f"$P2PSHITHEAD_HOME/rules/ && {{ {filler}; }}; {PROGRAM} rules french --set eight=under --save mine; "
              "echo status=$?; cat $P2PSHITHEAD_HOME/rules/mine.json; ls $P2PSHITHEAD_HOME/rules")  # fmt: skip
    (tmp_path / "keep").mkdir()
    (tmp_path / "keep" / "mine.json").write_bytes(before)
    result = subprocess.run(["unshare", "--mount", "sh", "-c", script], capture_output=True, text=True, timeout=60,
                            env={**os.environ, "P2PSHITHEAD_HOME": str(tmp_path), "P2PSHITHEAD_LANG": "en"})
    text = said(result)
    assert "status=1" in text and "cannot save ~mine" in text and "No space left on device" in text, text
    assert before.decode() in result.stdout and "mine.part" not in result.stdout, text  # the old one kept, whole


def test_verify_refuses_a_pipe_at_once_instead_of_waiting_for_it_forever(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "game.p2ps")
    result = run(tmp_path, "verify", str(tmp_path / "game.p2ps"))
    text = said(result)
    assert result.returncode == 1 and "not a file but a pipe or a device" in text, text


def test_verify_refuses_a_huge_file_at_once_without_reading_it(tmp_path: Path) -> None:
    huge = tmp_path / "huge.p2ps"
    with huge.open("wb") as out:
        out.truncate(3 * 1024**3)  # sparse: 3 GB to read, none on the disk (it took a minute and 6 GB of memory)
    result = run(tmp_path, "verify", str(huge))
    text = said(result)
    assert result.returncode == 1 and "is 3072 MB, larger than any saved game" in text, text


def test_verify_names_a_file_it_cannot_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from p2pshithead.cli import verify

    def refused(path: Path) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    (tmp_path / "game.p2ps").write_bytes(b"x")
    monkeypatch.setattr(verify, "load_entries", refused)  # (the tests run as root, whom chmod does not stop)
    result = CliRunner().invoke(verify.verify, [str(tmp_path / "game.p2ps")])
    assert result.exit_code == 1 and f"{tmp_path / 'game.p2ps'} cannot be read (Permission denied)" in said_in(result)


def said_in(result: object) -> str:
    """What CliRunner's person read, checked to be words and no traceback."""
    assert getattr(result, "exception", None) is None or isinstance(result.exception, SystemExit), result.exception  # type: ignore[attr-defined]
    return " ".join(result.output.split())  # type: ignore[attr-defined]


def test_verify_last_passes_over_a_dangling_link_or_a_folder_among_the_saved_games(tmp_path: Path) -> None:
    saved = tmp_path / "transcripts"
    saved.mkdir()
    (saved / "old.p2ps").write_bytes(b"")
    (saved / "gone.p2ps").symlink_to(tmp_path / "nowhere")
    (saved / "folder.p2ps").mkdir()
    result = run(tmp_path, "verify", "--last")
    text = said(result)
    assert f"checking {saved / 'old.p2ps'}" in text and "no entries" in text and result.returncode == 1, text


@pytest.mark.skipif(subprocess.run(["unshare", "--user", "true"], capture_output=True).returncode != 0,
                    reason="needs unshare --user (util-linux, user namespaces): root is let write anywhere")
def test_a_config_folder_nobody_may_write_is_named_and_play_still_plays(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    home.chmod(0o555)  # (as nobody, in a user namespace of its own, the program may not write here)
    environ = {**os.environ, "P2PSHITHEAD_HOME": str(home), "P2PSHITHEAD_LANG": "en"}
    join = subprocess.run(["unshare", "--user", PROGRAM, "join", "--address", "127.0.0.1:9", "--name", "ana"],
                          capture_output=True, text=True, env=environ, timeout=60, stdin=subprocess.DEVNULL)
    text = said(join)
    assert join.returncode == 1 and f"{home / 'identity.pem'} cannot be used (Permission denied)" in text, text
    play = subprocess.run(["unshare", "--user", PROGRAM, "play", "--lang", "fr", "--delay", "0"], capture_output=True,
                          text=True, env=environ, timeout=60, stdin=subprocess.DEVNULL)  # fmt: skip
    assert play.returncode == 0 and "Au revoir" in said(play)  # (the language is not kept, and the game is played)


def test_a_config_folder_given_with_a_quoted_tilde_is_in_home_not_a_folder_named_tilde(tmp_path: Path) -> None:
    (tmp_path / "cwd").mkdir()
    result = subprocess.run([PROGRAM, "rules", "pagat", "--save", "mine"], capture_output=True, text=True, timeout=60,
                            cwd=tmp_path / "cwd", env={**os.environ, "HOME": str(tmp_path), "P2PSHITHEAD_LANG": "en",
                                                       "P2PSHITHEAD_HOME": "~/games"})  # fmt: skip
    assert result.returncode == 0 and (tmp_path / "games" / "rules" / "mine.json").is_file(), said(result)
    assert not (tmp_path / "cwd" / "~").exists()
