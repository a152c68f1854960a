"""What a session says, in both languages: refused clicks, the status line, counts, the review."""

from __future__ import annotations

from ..i18n import Text

#: What a session says: refused clicks, the status line, counts, the review.
TEXTS = {
    "to_act": Text("{player} to play", "轮到{player}"),
    "thinking": Text("The computer is thinking…", "电脑正在思考……"),
    "wait": Text("Please wait: the computer is thinking.", "请稍候，电脑正在思考。"),
    "computer_turn": Text("It is the computer's turn.", "现在轮到电脑。"),
    "computer_B": Text("Computer plays Black", "电脑执黑"),
    "computer_W": Text("Computer plays White", "电脑执白"),
    "level": Text("Level", "难度"),
    "easy": Text("easy", "简单"),
    "medium": Text("medium", "中等"),
    "hard": Text("hard", "困难"),
    "no_timer": Text("Connect6 has no turn timer.", "六子棋不计时。"),
    "seconds_left": Text("Time left: {n} s", "剩余时间：{n} 秒"),
    "time_up": Text("Time is up: the turn passes.", "时间到，轮到对方。"),
    "saved": Text("Record saved to {path}.", "棋谱已保存到 {path}。"),
    "loaded": Text("Record loaded: {n} actions.", "已载入棋谱：{n} 步。"),
    "load_failed": Text("Could not load the record: {detail}", "无法载入棋谱：{detail}"),
    "file_failed": Text("Could not use the file: {detail}", "无法使用文件：{detail}"),
    "hint_is": Text("Hint: {action}", "提示：{action}"),
    "hint_failed": Text("No hint available: {detail}", "没有提示：{detail}"),
    "computer_failed": Text("The computer could not move: {detail}", "电脑无法行棋：{detail}"),
    "cancel_first": Text("Click your first stone again to take it back.", "再点一次第一子可以取消。"),
    "game_over": Text("Game over: {result}", "对局结束：{result}"),
    "nothing_to_undo": Text("Nothing to undo.", "没有可以悔的棋。"),
    "nothing_to_redo": Text("Nothing to redo.", "没有可以重做的棋。"),
    "no_draw": Text("This game has no draw by agreement.", "这种棋没有议和。"),
    "draw_two_players": Text("A draw by agreement needs two players on one screen.", "只有双人对弈时才能议和。"),
    "on_board": Text("{player}: {n} on the board", "{player}：盘上 {n} 枚"),
    "in_hand": Text("{n} in hand", "手中 {n} 枚"),
    "lost": Text("{n} lost", "离盘 {n} 枚"),      # every piece that left: captures, pulls, make-room
    "pending_count": Text("{n} stones", "{n} 子"),
    "review": Text("Review", "复盘"),
    "reviewing": Text("Reviewing the game…", "正在复盘……"),
    "review_wait": Text("Please wait: the review is being prepared.", "请稍候，正在复盘。"),
    "review_title": Text("Review: turn {n} of {total} worth another look", "复盘：第 {n} 处，共 {total} 处值得再看"),
    "review_legend": Text("Green: the better action · red: what was played.", "绿色：更好的着法 · 红色：实际所走。"),
    "review_none": Text("No mistakes found: well played.", "没有发现失误，下得好。"),
    "review_nothing_yet": Text("Nothing to review yet: play a turn first.", "还没有可以复盘的棋：先下一步。"),
    "review_click": Text("The board shows a past position during the review: close the review to play on.",
                         "复盘时棋盘上是以前的局面：结束复盘后才能继续下棋。"),
    "review_failed": Text("The review failed: {detail}", "复盘失败：{detail}"),
}
