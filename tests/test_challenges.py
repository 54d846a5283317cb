"""Solo challenges: every challenge checked by the exact solver, the file's rules, progress, and the scenes.

The scene tests drive the real app with pygame events under the dummy
drivers and a virtual clock, as in ``test_scenes.py``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai import Job
from game.ai.endgame import SolveMode, Solver
from game.challenges.model import KINDS, Challenge, ChallengeError, load_challenges, parse_challenges
from game.challenges.objectives import moves_meeting_goal
from game.challenges.progress import PROGRESS_KEY, ChallengeProgress, stars_for
from game.engine import GameRecord, Position, square_name
from game.engine.bitboard import CORNERS
from game.platform.documents import JsonDocuments
from game.platform.storage import FileStorage, MemoryStorage
from game.play.session import Phase
from game.play.store import PlayerStore
from game.scenes.challenges import ChallengeListScene, ChallengeScene, draw_stars
from tests.app_driver import Player as AppPlayer
from tools.make_challenges import empty_regions

CHALLENGES = load_challenges()


def exact_values(position: Position) -> dict[int, int]:
    outcome = Job(Solver().root(position.player, position.opponent, SolveMode.ALL_VALUES)).run()
    assert isinstance(outcome, tuple)
    values: dict[int, int] = outcome[2]
    return values


# -- the file -------------------------------------------------------------------------


def test_at_least_forty_challenges_in_at_least_four_kinds_each_fully_described() -> None:
    assert len(CHALLENGES) >= 40
    kinds = {c.kind for c in CHALLENGES}
    assert len(kinds) >= 4 and kinds <= set(KINDS)
    for challenge in CHALLENGES:
        assert challenge.title and challenge.objective and challenge.hint and challenge.explanation
        assert "\n" not in challenge.objective and len(challenge.objective) <= 90
        assert challenge.difficulty in (1, 2, 3)
        assert square_name(challenge.answer) in challenge.explanation
    for kind in kinds:
        assert {c.difficulty for c in CHALLENGES if c.kind == kind} == {1, 2, 3}, kind
    assert len({c.position.to_text() for c in CHALLENGES}) == len(CHALLENGES)


@pytest.mark.parametrize("challenge", CHALLENGES, ids=[c.id for c in CHALLENGES])
def test_the_stated_answer_is_the_only_move_that_meets_the_objective(challenge: Challenge) -> None:
    position = challenge.position
    assert position.empty_count <= 12
    values = exact_values(position)
    assert values == challenge.values  # what the game judges by is what the solver finds
    assert moves_meeting_goal(challenge.goal, position, values) == [challenge.answer]
    if challenge.kind == "corner":
        assert CORNERS >> challenge.answer & 1
    if challenge.kind == "parity":
        region = next(r for r in empty_regions(position) if challenge.answer in r)
        assert len(region) % 2 == 1
    if challenge.kind == "pass":
        assert position.play(challenge.answer).must_pass()
        assert values[challenge.answer] == max(values.values())


@pytest.mark.parametrize("challenge", [c for c in CHALLENGES if c.goal == "win_endgame"],
                         ids=[c.id for c in CHALLENGES if c.goal == "win_endgame"])
def test_an_endgame_solution_line_wins_against_best_defence(challenge: Challenge) -> None:
    me = challenge.position.to_move
    record = GameRecord(challenge.position)
    for square in challenge.line:
        values = exact_values(record.position)
        if record.position.to_move == me:
            assert values[square] > 0, f"{square_name(square)} throws the win away"
        else:
            assert values[square] == max(values.values()), f"{square_name(square)} is not a best defence"
        record.play(square)
    result = record.result
    assert result is not None and result.winner == me


def test_a_bad_challenge_entry_is_rejected_with_a_reason() -> None:
    good = CHALLENGES[0].to_json()
    assert Challenge.from_json(json.loads(json.dumps(good))) == CHALLENGES[0]
    illegal = next(square_name(sq) for sq in range(64) if not CHALLENGES[0].position.is_legal(sq))
    cases = {
        "answer": dict(good, answer=illegal),
        "kind": dict(good, kind="riddle"),
        "values": dict(good, values={k: v for k, v in list(good["values"].items())[1:]}),
        "position": dict(good, position="XO"),
        "difficulty": dict(good, difficulty=7),
        "title": dict(good, title=""),
    }
    for word, entry in cases.items():
        with pytest.raises(ChallengeError) as caught:
            Challenge.from_json(entry)
        assert good["id"] in str(caught.value), word
    with pytest.raises(ChallengeError, match="twice"):
        parse_challenges(json.dumps({"challenges": [good, good]}))
    with pytest.raises(ChallengeError, match="not JSON"):
        parse_challenges("{")


def test_the_generator_writes_a_file_of_verified_challenges(tmp_path: Path) -> None:
    from tools.make_challenges import main

    out = tmp_path / "made.json"
    # ten games give several challenges whatever the AI plays; three sometimes gave none
    assert main(["--games", "10", "--seed", "2", "--out", str(out), "--max-empties", "10"]) == 0
    made = load_challenges(out)
    assert made
    for challenge in made:
        assert moves_meeting_goal(challenge.goal, challenge.position, exact_values(challenge.position)) == [
            challenge.answer]


# -- progress -----------------------------------------------------------------------


def test_stars_count_a_first_try_and_going_without_a_hint() -> None:
    assert stars_for(first_try=True, used_hint=False) == 3
    assert stars_for(first_try=True, used_hint=True) == 2
    assert stars_for(first_try=False, used_hint=False) == 2
    assert stars_for(first_try=False, used_hint=True) == 1
    progress = ChallengeProgress()
    progress.record_solve("a", first_try=True, used_hint=False)
    progress.record_solve("a", first_try=False, used_hint=True)
    assert progress.stars == {"a": 3}  # the best is kept


def test_progress_saved_and_restored_through_the_storage_interface(tmp_path: Path) -> None:
    progress = ChallengeProgress()
    progress.record_solve("corner-01", first_try=False, used_hint=False)
    progress.record_solution_seen("endgame-02")
    PlayerStore(FileStorage(tmp_path)).save_challenge_progress(progress)
    assert PlayerStore(FileStorage(tmp_path)).load_challenge_progress() == progress


@pytest.mark.parametrize("text", ['{"stars": {"corner-01": 5}}', '{"stars": []}', '[1, 2]', "not json"])
def test_corrupt_progress_is_set_aside_and_play_goes_on(text: str) -> None:
    storage = MemoryStorage({PROGRESS_KEY: text})
    store = PlayerStore(storage)
    assert store.load_challenge_progress() == ChallengeProgress()  # none yet
    assert storage.read(PROGRESS_KEY) is None
    assert [v for k, v in storage.data.items() if k.startswith(f"{PROGRESS_KEY}.corrupt-")] == [text]
    said = store.take_messages()
    assert len(said) == 1 and "challenge progress" in said[0], said


# -- the scenes ---------------------------------------------------------------------


class Player(AppPlayer):
    """Drives the app through the challenge scenes."""

    @property
    def challenge(self) -> ChallengeScene:
        assert isinstance(self.app.scene, ChallengeScene), self.app.scene_name
        return self.app.scene

    def click_square(self, square: int) -> None:
        view = self.challenge.board.view
        assert view is not None
        self.click(view.square_center(square))

    def open_challenge(self, challenge: Challenge) -> None:
        self.click_button("scene:challenges")
        assert isinstance(self.app.scene, ChallengeListScene)
        self.click_button(f"kind:{challenge.kind}")
        self.click_button(f"play:{challenge.id}")
        assert self.challenge.challenge == challenge

    def wait(self, done: object, frames: int = 600) -> None:
        for _ in range(frames):
            if done():  # type: ignore[operator]
                return
            self.frame()
        raise AssertionError("waited too long")


@pytest.fixture
def player(tmp_path: Path) -> Iterator[Player]:
    yield Player(FileStorage(tmp_path))
    pygame.quit()


def first(kind: str) -> Challenge:
    return next(c for c in CHALLENGES if c.kind == kind)


def wrong_move(challenge: Challenge) -> int:
    return next(sq for sq in challenge.position.legal_squares() if sq != challenge.answer)


def test_menu_lists_the_challenges_and_how_to_play(player: Player) -> None:
    actions = [b.action for b in player.app.scene.group.buttons]  # type: ignore[attr-defined]
    assert "scene:challenges" in actions and "scene:tutorial" in actions


def test_a_wrong_try_is_explained_then_the_answer_solves_it_with_two_stars(player: Player,
                                                                          tmp_path: Path) -> None:
    challenge = first("corner")
    player.open_challenge(challenge)
    wrong = wrong_move(challenge)
    player.click_square(wrong)
    scene = player.challenge
    assert scene.phase is Phase.REJECTED and scene.wrong_tries == 1
    assert square_name(wrong) in scene.message and ("lose" in scene.message or "draw" in scene.message)
    player.click_button("retry")
    assert scene.board.position == challenge.position and scene.phase is Phase.HUMAN
    player.click_square(challenge.answer)
    assert scene.phase is Phase.OVER and scene.earned == 2
    stored = JsonDocuments(FileStorage(tmp_path)).load(PROGRESS_KEY, ChallengeProgress.from_json, "progress")
    assert stored is not None and stored.stars == {challenge.id: 2}


def test_an_illegal_click_changes_nothing_and_costs_no_try(player: Player) -> None:
    challenge = first("survive")
    player.open_challenge(challenge)
    taken = next(sq for sq in range(64) if challenge.position.color_at(sq) is not None)
    player.click_square(taken)
    scene = player.challenge
    assert scene.phase is Phase.HUMAN and scene.wrong_tries == 0 and scene.board.position == challenge.position
    assert "already taken" in scene.message


def test_a_hint_costs_a_star_and_progress_survives_a_restart(tmp_path: Path) -> None:
    storage = FileStorage(tmp_path)
    challenge = first("pass")
    player = Player(storage)
    player.open_challenge(challenge)
    player.click_button("hint")
    scene = player.challenge
    assert scene.used_hint and scene.show_hint
    player.click_square(challenge.answer)
    assert scene.phase is Phase.OVER and scene.earned == 2
    solo = next(c for c in CHALLENGES if c.kind == "parity")
    player.click_button("list")
    player.click_button("kind:parity")
    player.click_button(f"play:{solo.id}")
    player.click_square(solo.answer)
    assert player.challenge.earned == 3
    pygame.quit()

    again = Player(storage)
    again.click_button("scene:challenges")
    listing = again.app.scene
    assert isinstance(listing, ChallengeListScene)
    assert listing.progress.stars == {challenge.id: 2, solo.id: 3}
    assert listing.progress.total_stars() == 5
    pygame.quit()


def test_show_solution_plays_the_answer_and_gives_no_stars(player: Player) -> None:
    challenge = first("parity")
    player.open_challenge(challenge)
    player.click_button("solution")
    scene = player.challenge
    player.wait(lambda: scene.solution_step == 1)
    assert scene.board.record.moves == [challenge.answer]
    assert scene.progress.seen_solution == {challenge.id}
    assert not scene.progress.is_solved(challenge.id)
    player.click_button("next")
    assert player.challenge.challenge != challenge and player.challenge.phase is Phase.HUMAN


def test_a_challenge_solution_can_be_stepped_back_and_forth(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:challenges")
    player.click(next(b for b in player.app.scene.group.buttons  # type: ignore[attr-defined]
                      if b.action.startswith("play:")).rect.center)
    challenge = player.app.scene
    assert isinstance(challenge, ChallengeScene)
    player.click_button("solution")
    line = challenge.solution_line()
    player.click_button("sol_next")
    assert challenge.solution_step == 1 and challenge.board.record.moves == list(line[:1])
    for _ in range(40):
        player.frame()
    assert challenge.solution_step == 1  # stepping stopped the automatic play-out
    player.click_button("sol_prev")
    assert challenge.solution_step == 0 and challenge.board.record.moves == []
    player.press(pygame.K_RIGHT)
    assert challenge.solution_step == 1


def test_empty_stars_are_drawn_as_outlines() -> None:
    surface = pygame.Surface((100, 40))
    surface.fill((0, 0, 0))
    draw_stars(surface, (50, 20), 0, 24, (255, 200, 0), (200, 200, 200))
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(100) for y in range(40)}
    assert (200, 200, 200) in colours and (255, 200, 0) not in colours


def test_win_the_endgame_against_the_solver_move_by_move(player: Player) -> None:
    challenge = first("endgame")
    player.open_challenge(challenge)
    scene = player.challenge
    me = challenge.position.to_move
    moves = 0
    while scene.phase is not Phase.OVER:
        player.wait(lambda: scene.phase in (Phase.HUMAN, Phase.OVER, Phase.REJECTED))
        assert scene.phase is not Phase.REJECTED, scene.message
        if scene.phase is Phase.OVER:
            break
        position = scene.board.position
        assert position.to_move == me
        values = exact_values(position)
        player.click_square(max(values, key=lambda sq: (values[sq], -sq)))
        moves += 1
    result = scene.board.record.result
    assert result is not None and result.winner == me and moves >= 2
    assert scene.board.record.moves[0] == challenge.answer


def test_a_move_that_lets_the_opponent_escape_ends_the_endgame_attempt(player: Player) -> None:
    challenge = first("endgame")
    player.open_challenge(challenge)
    player.click_square(wrong_move(challenge))
    scene = player.challenge
    assert scene.phase is Phase.REJECTED and "escape" in scene.message
    player.click_square(challenge.answer)  # a click after a failure starts a new try
    assert scene.wrong_tries == 1 and scene.phase in (Phase.COMPUTER, Phase.HUMAN)
    assert scene.board.record.moves[0] == challenge.answer  # the solver may have answered (no delay: animations off)


# -- a failed try is never a dead board (issue 21, item 15) -------------------------------


def test_a_failed_try_goes_back_to_the_start_by_itself_with_its_dots(player: Player) -> None:
    challenge = first("corner")
    player.open_challenge(challenge)
    wrong = wrong_move(challenge)
    player.click_square(wrong)
    scene = player.challenge
    assert scene.phase is Phase.REJECTED and scene.board.position != challenge.position
    assert "starts again" in scene.message  # the failed position is shown, and what comes next is said
    player.wait(lambda: scene.phase is not Phase.REJECTED, frames=400)  # a few seconds, no click
    assert scene.phase is Phase.HUMAN and scene.board.position == challenge.position
    assert scene.marks().legal == challenge.position.legal_moves()  # the dots are back
    assert square_name(wrong) in scene.message and "Your move again" in scene.message
    assert scene.wrong_tries == 1
    player.click_square(challenge.answer)
    assert scene.phase is Phase.OVER and scene.earned == 2


def test_a_click_on_a_failed_try_restarts_it_and_plays_no_illegal_square(player: Player) -> None:
    challenge = first("corner")
    player.open_challenge(challenge)
    player.click_square(wrong_move(challenge))
    scene = player.challenge
    assert scene.phase is Phase.REJECTED
    not_a_move = next(sq for sq in range(64) if challenge.position.color_at(sq) is None
                      and not challenge.position.is_legal(sq) and scene.board.position.color_at(sq) is None)
    player.click_square(not_a_move)
    assert scene.phase is Phase.HUMAN and scene.board.position == challenge.position
    assert "not a legal move" not in scene.message and "Your move again" in scene.message
    assert scene.wrong_tries == 1 and scene.board.bad_square is None
