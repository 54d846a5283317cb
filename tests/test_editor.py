"""Board set-up: what is flagged as unreachable, what is refused for play, and the editor scene driven by clicks."""

from __future__ import annotations

import pygame

from game.engine import BLACK, WHITE, Position, parse_square
from game.review.board_setup import check_position, detached_discs
from game.scenes.analysis import AnalysisScene
from game.scenes.editor import EditorScene, with_square
from tests.app_driver import Player


def board(black: str = "", white: str = "", to_move: str = BLACK) -> Position:
    position = Position(0, 0, to_move)  # type: ignore[arg-type]
    for name in black.split():
        position = with_square(position, parse_square(name), BLACK)
    for name in white.split():
        position = with_square(position, parse_square(name), WHITE)
    return position


# -- the checks -------------------------------------------------------------------


def test_the_start_and_positions_from_real_games_are_neither_flagged_nor_refused() -> None:
    start = check_position(Position.start())
    assert start.playable and start.reachable and not start.note
    after = Position.start().play(parse_square("f5")).play(parse_square("d6"))
    assert check_position(after).reachable


def test_an_empty_board_is_refused() -> None:
    check = check_position(Position(0, 0))
    assert not check.playable
    assert check.refusal == "The board is empty: place some discs first."


def test_fewer_than_four_discs_and_empty_centre_squares_are_flagged() -> None:
    check = check_position(board("d5 e4", "d4"))
    assert check.playable
    assert any("Only 3 discs" in w for w in check.warnings)
    assert any("Centre square e5 empty" in w for w in check.warnings)


def test_discs_not_joined_to_the_centre_are_flagged_by_name() -> None:
    position = with_square(Position.start(), parse_square("a1"), BLACK)
    position = with_square(position, parse_square("h8"), WHITE)
    assert detached_discs(position) == [parse_square("a1"), parse_square("h8")]
    check = check_position(position)
    assert check.playable and not check.reachable
    assert any(w.startswith("a1, h8 not connected to the centre") for w in check.warnings)
    chain = with_square(with_square(Position.start(), parse_square("c3"), BLACK), parse_square("b2"), WHITE)
    assert detached_discs(chain) == []  # joined through c3 to d4


def test_a_position_where_neither_side_can_move_is_refused() -> None:
    only_black = board("d4 e4 d5 e5")
    check = check_position(only_black)
    assert not check.playable
    assert check.refusal is not None and "Neither side can move" in check.refusal


def test_a_side_without_a_move_is_told_it_passes_but_may_play() -> None:
    # White to move with no legal move; Black can play
    position = board("a1 b1", "c1", to_move=WHITE)
    assert position.must_pass()
    check = check_position(position)
    assert check.playable
    assert check.note == "White has no legal move, so White passes and Black moves first."


# -- the scene --------------------------------------------------------------------




def open_editor(player: Player) -> EditorScene:
    player.click_button("scene:editor")
    scene = player.app.scene
    assert isinstance(scene, EditorScene)
    return scene


def click_square(player: Player, scene: EditorScene, name: str, button: int = 1) -> None:
    pos = player.app.to_window(scene.view.square_center(parse_square(name)))
    player.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def test_placing_removing_and_flipping_discs_with_clicks_and_keys(player_factory) -> None:
    player = player_factory()
    scene = open_editor(player)
    player.click_button("clear")
    assert scene.position.black == scene.position.white == 0
    click_square(player, scene, "c3")
    assert scene.position.color_at(parse_square("c3")) == BLACK
    click_square(player, scene, "c3")  # the same colour again takes it off
    assert scene.position.color_at(parse_square("c3")) is None
    player.click_button("tool:white")
    click_square(player, scene, "d4")
    assert scene.position.color_at(parse_square("d4")) == WHITE
    player.click_button("tool:flip")
    click_square(player, scene, "d4")
    assert scene.position.color_at(parse_square("d4")) == BLACK
    click_square(player, scene, "d4", button=3)  # right button removes
    assert scene.position.color_at(parse_square("d4")) is None
    player.press(pygame.K_RIGHT)  # the keyboard cursor appears on d4
    player.press(pygame.K_w)
    assert scene.position.color_at(parse_square("d4")) == WHITE
    player.click_button("move:O")
    assert scene.position.to_move == WHITE
    player.click_button("start")
    assert scene.position == Position.start()


def test_a_drag_paints_every_square_it_crosses(player_factory) -> None:
    player = player_factory()
    scene = open_editor(player)
    player.click_button("clear")
    points = [player.app.to_window(scene.view.square_center(parse_square(n))) for n in ("a1", "b1", "c1")]
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=points[0], button=1)]
    events += [pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)) for p in points[1:]]
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=points[-1], button=1))
    player.frame(events)
    assert [scene.position.color_at(parse_square(n)) for n in ("a1", "b1", "c1")] == [BLACK] * 3


def test_play_is_refused_where_neither_side_can_move_and_nothing_changes(player_factory) -> None:
    player = player_factory()
    scene = open_editor(player)
    player.click_button("clear")
    for name in ("d4", "e4", "d5", "e5"):
        click_square(player, scene, name)
    before = scene.position
    for action in ("two", "computer", "analyse"):
        assert scene.leave_with(action) is False
        assert player.app.scene is scene and scene.position == before
    assert "Neither side can move" in player.app.ctx.toasts[-1].message
    assert all(not b.enabled for b in scene.group.buttons if b.action in ("two", "computer", "analyse"))


def test_an_unreachable_position_is_flagged_but_can_be_played(player_factory) -> None:
    player = player_factory()
    scene = open_editor(player)
    player.click_button("start")
    click_square(player, scene, "a1")
    assert not scene.check().reachable
    player.click_button("two")
    game = player.game
    assert game.setup.start == scene.position.to_text()
    assert game.record.start == scene.position


def test_playing_the_computer_from_a_position_where_you_must_pass(player_factory) -> None:
    player = player_factory()
    scene = open_editor(player)
    player.click_button("clear")
    click_square(player, scene, "a1")
    click_square(player, scene, "b1")
    player.click_button("tool:white")
    click_square(player, scene, "c1")
    player.click_button("move:O")
    player.click_button("computer")  # the level and the colour first
    said = " ".join(t.text for t in player.recorded_frame().texts)
    assert "Your colour (White to move)" in said and "Black moves first" not in said  # this position's side
    assert "practice: your rating does not change" in said and "you would score about" not in said
    player.click_button("colour:black")
    player.click_button("start")
    game = player.game
    assert game.setup.mode == "computer" and game.setup.human == BLACK  # White passes: Black is the one to play
    assert game.dialog is not None and "White has no legal move" in game.dialog.title


def test_analyse_opens_the_analysis_mode_on_the_position(player_factory) -> None:
    player = player_factory()
    scene = open_editor(player)
    player.click_button("start")
    player.click_button("analyse")
    analysis = player.app.scene
    assert isinstance(analysis, AnalysisScene)
    assert analysis.board.position == Position.start()
    player.run_until(lambda: analysis.live.latest is not None, frames=400)
    assert analysis.live.latest is not None
    assert set(analysis.live.latest.values) == set(Position.start().legal_squares())
    player.press(pygame.K_ESCAPE)
    assert player.app.scene is scene


def test_a_position_is_pasted_as_obf_and_copied_back(player_factory, monkeypatch) -> None:
    import game.scenes.editor as editor_module

    wanted = Position.from_text("----X------X-----XXXO------XO------XO------X-------X------------ X")
    pasted: list[str | None] = [wanted.to_text() + "; F4:+64;"]
    monkeypatch.setattr(editor_module, "paste_from_clipboard", lambda on_text: on_text(pasted[0]))
    copies: list[str] = []
    monkeypatch.setattr(editor_module, "copy_to_clipboard",
                        lambda text, on_result=None: copies.append(text) or (on_result and on_result(True)))
    player = player_factory()
    scene = open_editor(player)
    player.click_button("paste_position")
    assert scene.position == wanted
    pasted[0] = "this is not a position"
    player.click_button("paste_position")
    assert scene.position == wanted and "Nothing was changed" in player.app.ctx.toasts[-1].message
    player.click_button("copy_position")
    assert copies == [wanted.to_text() + ";"]


# -- issue 21, item 11: a field to type or paste a position ------------------------------------------


def test_a_position_typed_in_the_field_is_set_with_the_checks_of_paste(player_factory, monkeypatch) -> None:
    text_input: list[str] = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: text_input.append("on"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: text_input.append("off"))
    wanted = Position.from_text("----X------X-----XXXO------XO------XO------X-------X------------ O")
    player = player_factory()
    scene = open_editor(player)
    assert text_input[-1:] == ["on"]  # text input is on while the editor is shown
    player.press(pygame.K_RIGHT)  # the board's cursor on d4, where W would place White
    player.click(scene.field.rect.center)
    assert scene.field.focused
    for letter in "wbfx ":  # as a keyboard sends them: a key, then its text
        player.frame([pygame.event.Event(pygame.KEYDOWN, key=ord(letter), mod=0, unicode=letter),
                      pygame.event.Event(pygame.TEXTINPUT, text=letter)])
    assert scene.position == Position.start() and scene.field.text == "wbfx "
    player.press(pygame.K_RETURN)  # not a position: refused, with the reason, and nothing changes
    assert scene.position == Position.start() and scene.field.text == "wbfx "
    toast = player.app.ctx.toasts[-1]
    assert toast.error and "That is not a board" in toast.message and "64" in toast.message
    assert "Nothing was changed." in toast.message and ".." not in toast.message
    player.press(pygame.K_a, pygame.KMOD_LCTRL)  # select all: the paste replaces the wrong text
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text=wanted.to_text())])
    assert scene.field.text == wanted.to_text()
    player.frame()
    player.press(pygame.K_RETURN)
    assert scene.position == wanted and scene.position.to_move == WHITE
    assert player.app.ctx.toasts[-1].message == "Position set." and not scene.field.focused
    assert [b.action for b in scene.group.buttons if b.selected] == ["tool:black", "move:O"]
    player.click_button("menu")
    assert text_input[-1:] == ["off"]


def test_the_set_board_button_takes_an_obf_line_and_escape_leaves_the_field(player_factory) -> None:
    player = player_factory()
    scene = open_editor(player)
    player.click_button("clear")
    player.click(scene.field.rect.center)
    line = Position.start().to_text() + "; F5:+0; D3:+0;"
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text=line)])
    player.press(pygame.K_ESCAPE)  # leaves the field, not the editor
    assert player.app.scene is scene and not scene.field.focused
    player.press(pygame.K_RIGHT)  # the keys are the board's again
    player.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w"),
                  pygame.event.Event(pygame.TEXTINPUT, text="w")])
    assert scene.position.color_at(parse_square("d4")) == WHITE and scene.field.text == line
    player.click_button("set_position")
    assert scene.position == Position.start() and scene.field.text == ""


# -- issue 21, item 10: a refused position is not also told it may be played -------------------------


def drawn_info(player: Player, scene: EditorScene, monkeypatch) -> list[str]:
    """The texts the editor draws in its information panel, each whole."""
    recording = player.recorded_frame()
    return list(dict.fromkeys(t.text for t in recording.texts if scene.info.contains(t.rect)))


def test_a_refused_position_never_says_you_may_still_play_it(player_factory, monkeypatch) -> None:
    player = player_factory()
    scene = open_editor(player)
    player.click_button("clear")
    for name in ("d4", "e4", "d5", "e5", "a1"):  # Black alone: nobody moves; a1 not connected
        click_square(player, scene, name)
    shown = drawn_info(player, scene, monkeypatch)
    assert any("It cannot be played or analysed." in line for line in shown)
    assert any(line.startswith("• a1 not connected") for line in shown)
    assert not any("may still play" in line for line in shown), shown
    player.click_button("tool:white")
    click_square(player, scene, "e5")  # White on e5: playable now (f6), still unreachable
    shown = drawn_info(player, scene, monkeypatch)
    assert not any("cannot be played" in line for line in shown)
    assert "No game could reach this position (you may still play it):" in shown


class FakePageField:
    """The page's field over the canvas as a touch browser has it: what it was opened over, what the player typed."""

    def __init__(self) -> None:
        self.opened: list[tuple[float, float, float, float]] = []
        self.closed = 0
        self.typed: str | None = None

    def open(self, box: tuple[float, float, float, float], text: str, placeholder: str) -> None:
        self.opened.append(box)

    def sync(self, text: str) -> str | None:
        typed, self.typed = self.typed, None
        return typed

    def close(self) -> None:
        self.closed += 1


def test_on_a_touch_screen_the_page_field_comes_over_the_position_field(player_factory, monkeypatch) -> None:
    import game.scenes.editor as editor_module

    monkeypatch.setattr(editor_module, "PageTextField", FakePageField)
    wanted = Position.from_text("----X------X-----XXXO------XO------XO------X-------X------------ O")
    player = player_factory()
    scene = open_editor(player)
    page = scene.page_field
    assert isinstance(page, FakePageField) and not page.opened
    player.click(scene.field.rect.center)
    player.frame()
    width, height = player.app.ctx.size
    box = scene.field.rect
    assert page.opened == [(box.x / width, box.y / height, box.width / width, box.height / height)]
    page.typed = wanted.to_text()  # typed on the phone's keyboard
    player.frame()
    assert scene.field.text == wanted.to_text() and scene.position == Position.start()
    page.typed = wanted.to_text() + "\n"  # its Enter
    player.frame()
    assert scene.position == wanted and not scene.field.focused
    player.frame()
    assert page.closed >= 1 and len(page.opened) == 1
