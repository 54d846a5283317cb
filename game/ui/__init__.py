"""The widgets the scenes draw with (pygame-ce); none of them knows a scene or the app.

* ``text``: the one text renderer (every string drawn goes through ``drawable``), wrapping and fitting;
  ``drawn``: what it notes of what it draws (the audit's ``Recording``, the frame's marks for the tooltip);
  ``line_breaks``: where a line may break besides spaces (between ideographs, between a transcript's moves);
* ``text_field``: one-line fields and the one way text is typed (``typed_into``, ``backspaced``);
* ``widgets``: buttons, button rows and groups, panels, the tooltip; ``dialog``: the modal dialog (the safe choice
  first); ``toasts``: the short messages;
* ``language``: the language the game speaks (catalog and fonts switched together, fetched in the browser);
* ``text_flow``: paragraphs one under another in a column; ``font_file``: a font file checked whole (what
  FreeType relies on, the checksums), its characters;
* ``transcript_words``: the Transcript screen's buttons, status and messages in the player's language;
* ``theme``, ``layout``, ``assets``: colours, the screen's geometry, fonts and sounds;
* ``board_view``: the board drawn with its marks; ``anim``: a move's disc and flips in motion;
* ``board_play``: a live board (a record, picking squares, the animation, the red flash);
  ``session_board``: that board bound to a play session, the one every playing scene uses;
* ``move_list``, ``eval_graph``, ``explorer_panel``, ``stars``: the game's move list, the review's
  graph and slider, the explorer beside a board, the challenges' stars (the game screen's own cards
  and status are its package's, ``game.scenes.game.panels``); ``rating_graph``: the player's rating over their games;
* ``file_chooser``: the desktop's in-game Save…/Open…;
* ``screen``: what a widget needs of the screen (``Screen``, which the scenes' ``Context`` is).
"""
