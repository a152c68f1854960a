"""Every rule an exercise can practise, by id: the tags of exercise files.

Ids follow RULES.md: ``<game>.<section>.<topic>`` for the numbered
sections (``fangqi.0.*`` is §0, the common terms of the Fang Qi family and
the shared draw and timer rules; ``dafang.1.*`` … ``maonan.5.*``) and
``D1`` … ``D19`` for the house decisions. ``fangqi-teach coverage`` lists
the ids no exercise is tagged with.

>>> RULES["ningxia.2.leave_chance"].en
'Leave a chance (开局别把对方堵死): the first pulls and moves must leave the opponent a square'
>>> "D9" in RULES and RULES["D9"].section
'2'
>>> rules_for_game("connect6")[1:3]
['connect6.4.turns', 'connect6.4.six']
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    """One rule: its id, the RULES.md section, the games it concerns, a title in en/zh."""

    id: str
    section: str
    games: tuple[str, ...]
    en: str
    zh: str


FANG = ("dafang", "ningxia", "xinjiang")
MOVING = FANG + ("maonan",)

_RULES = [
    # §0 Common terms
    Rule("fangqi.0.points", "0", FANG + ("maonan", "connect6"), "Point names: column letter then row number", "点的名称：列字母加行号"),
    Rule("fangqi.0.line", "0", MOVING, "Pieces move along the drawn lines only", "棋子只沿画出的线走"),
    Rule("fangqi.0.square", "0", FANG, "A square: four own pieces on the corners of one cell", "方：一个格子四角都是己方棋子"),
    Rule("fangqi.0.loose", "0", MOVING, "Loose and safe pieces (散子 / 铁子)", "散子与铁子"),
    Rule("fangqi.0.shape_completed", "0", MOVING, "Which shapes an action completes; values add up", "一步棋完成哪些形，价值相加"),
    Rule("fangqi.0.capture", "0", FANG, "Captures and pulls take loose enemy pieces, one at a time", "吃子和拔子只能拿对方散子，一次一枚"),
    Rule("fangqi.0.make_room", "0", FANG, "Make room (让路): free a blocked opponent", "让路：给无路可走的对方让出一步"),
    Rule("fangqi.0.pass", "0", FANG, "Forced pass; two passes in a row draw", "被迫让过；连续两次让过为和棋"),
    Rule("fangqi.0.draw", "0", MOVING, "Draw by house rule: 100 turns without removal, threefold position", "约定和棋：百回合无子离盘或同一局面三次"),
    Rule("fangqi.0.obligations", "0", MOVING, "Obligations are compulsory; what cannot be done is forfeited", "应尽义务必须履行，做不到的自动作废"),
    Rule("fangqi.0.win_checks", "0", MOVING, "Win checks after every removal", "每拿掉一子都检查胜负"),
    Rule("fangqi.0.timer", "0", MOVING, "The 60-second turn timer", "每回合60秒计时"),
    # §1 Dafang
    Rule("dafang.1.square", "1", ("dafang",), "Dafang: the big square 大方", "大方棋：大方"),
    Rule("dafang.1.diagonal", "1", ("dafang",), "Dafang: diagonals of three to six 斜三至斜六", "大方棋：斜三到斜六"),
    Rule("dafang.1.dragon", "1", ("dafang",), "Dafang: dragons and edge dragons 龙 / 边龙", "大方棋：龙与边龙"),
    Rule("dafang.1.placing", "1", ("dafang",), "Dafang placing: shapes earn extra placements", "大方棋布子：成形多放子"),
    Rule("dafang.1.pull", "1", ("dafang",), "Dafang pull: White then Black removes one loose piece", "大方棋拔子：白先黑后各拔一枚散子"),
    Rule("dafang.1.moving", "1", ("dafang",), "Dafang moving: shapes capture (the diagonal of four only one)", "大方棋走子：成形吃子（斜四只吃一）"),
    Rule("dafang.1.win", "1", ("dafang",), "Dafang: capture everything to win", "大方棋：吃光对方获胜"),
    # §2 Ningxia
    Rule("ningxia.2.placing", "2", ("ningxia",), "Ningxia placing: squares earn pull credits", "宁夏方棋布子：成方得拔子数"),
    Rule("ningxia.2.pull", "2", ("ningxia",), "Ningxia pull: 1 + credits loose pieces, Black first", "宁夏方棋拔子：黑先，拔1加所得数"),
    Rule("ningxia.2.slide", "2", ("ningxia",), "Ningxia moving: slide along a row or column, never jump", "宁夏方棋走子：沿行列滑行，不能跳"),
    Rule("ningxia.2.capture", "2", ("ningxia",), "Ningxia: each square made by the moved piece captures one", "宁夏方棋：走子成一方吃一子"),
    Rule("ningxia.2.leave_chance", "2", ("ningxia",), "Leave a chance (开局别把对方堵死): the first pulls and moves must leave the opponent a square", "开局别把对方堵死：拔子和开头走子要给对方留成方机会"),
    Rule("ningxia.2.win", "2", ("ningxia",), "Ningxia: three or fewer pieces lose", "宁夏方棋：只剩三子或更少判负"),
    # §3 Xinjiang
    Rule("xinjiang.3.placing", "3", ("xinjiang",), "Xinjiang placing: squares capture at once", "新疆方棋布子：成方立即吃子"),
    Rule("xinjiang.3.cucumber", "3", ("xinjiang",), "Xinjiang: the cucumber row 黄瓜溜 takes three", "新疆方棋：黄瓜溜吃三子"),
    Rule("xinjiang.3.pull", "3", ("xinjiang",), "Xinjiang: pull only if nobody captured", "新疆方棋：布子无人吃子才拔子"),
    Rule("xinjiang.3.moving", "3", ("xinjiang",), "Xinjiang moving: White first, slides capture", "新疆方棋走子：白先，滑行成形吃子"),
    Rule("xinjiang.3.tired", "3", ("xinjiang",), "Xinjiang: the tired piece cannot capture next turn", "新疆方棋：疲劳子下一回合不能吃子"),
    Rule("xinjiang.3.win", "3", ("xinjiang",), "Xinjiang: three or fewer pieces lose", "新疆方棋：只剩三子或更少判负"),
    # §4 Connect6
    Rule("connect6.4.turns", "4", ("connect6",), "Connect6: one stone to open, then two a turn", "六子棋：首手一子，其后每手两子"),
    Rule("connect6.4.six", "4", ("connect6",), "Connect6: six or more in a row wins at once", "六子棋：连成六子或更多立即获胜"),
    Rule("connect6.4.draw", "4", ("connect6",), "Connect6: a full board is a draw", "六子棋：满盘无六为和"),
    Rule("connect6.4.illegal", "4", ("connect6",), "Connect6: what is illegal", "六子棋：哪些着法不合法"),
    Rule("connect6.4.window", "4", ("connect6",), "Connect6: windows and live windows", "六子棋：六格窗口与活窗口"),
    Rule("connect6.4.winning_points", "4", ("connect6",), "Connect6: winning points", "六子棋：赢点"),
    Rule("connect6.4.threats", "4", ("connect6",), "Connect6: threat count; three threats cannot be stopped", "六子棋：威胁数；三个威胁挡不住"),
    Rule("connect6.4.two_threats", "4", ("connect6",), "Connect6: two threats can be blocked if every line is covered", "六子棋：两个威胁可一手双防，但要挡住每条线"),
    # §5 Maonan
    Rule("maonan.5.board", "5", ("maonan",), "Maonan: the board, its lines and diagonals", "毛南三棋：棋盘、连线与斜线"),
    Rule("maonan.5.mills", "5", ("maonan",), "Maonan: the 24 mills 三子成直", "毛南三棋：24种三子成直"),
    Rule("maonan.5.pin", "5", ("maonan",), "Maonan placing: a mill captures by pinning 押子", "毛南三棋布子：成直押子"),
    Rule("maonan.5.capture_choice", "5", ("maonan",), "Maonan: which piece may be captured", "毛南三棋：可以吃哪枚子"),
    Rule("maonan.5.moving", "5", ("maonan",), "Maonan moving: one step along a line; mills capture", "毛南三棋走子：沿线走一步，成直吃子"),
    Rule("maonan.5.blocked_pull", "5", ("maonan",), "Maonan: a blocked player pulls first (拔子)", "毛南三棋：无子可动先拔子"),
    Rule("maonan.5.win", "5", ("maonan",), "Maonan: capture everything to win", "毛南三棋：吃光对方获胜"),
    # House decisions [D#]
    Rule("D1", "0", ("dafang",), "[D1] Diagonals are shapes, not movement lines", "[D1] 斜线只成形，不能走"),
    Rule("D2", "0", FANG, "[D2] Captures beyond the loose pieces are forfeited", "[D2] 散子不足时多余的吃子作废"),
    Rule("D3", "0", FANG, "[D3] Make room only with a loose piece that frees a move", "[D3] 让路只拿能放开对方的散子"),
    Rule("D4", "0", FANG, "[D4] Two passes in a row always draw", "[D4] 连续两次让过总是和棋"),
    Rule("D5", "0", MOVING, "[D5] The 100-turn and threefold house draws", "[D5] 百回合与三次重复的约定和棋"),
    Rule("D6", "0", MOVING, "[D6] When time runs out", "[D6] 超时如何处理"),
    Rule("D7", "1", ("dafang",), "[D7] Black places first in Dafang", "[D7] 大方棋黑先布子"),
    Rule("D8", "2", ("ningxia",), "[D8] Ningxia pull counts: 1 + credits", "[D8] 宁夏方棋拔子数：1加所得数"),
    Rule("D9", "2", ("ningxia",), "[D9] The leave-a-chance window and its waiver", "[D9] 留机会规则的范围与豁免"),
    Rule("D10", "3", ("xinjiang",), "[D10] Xinjiang placing ends when both supplies are empty", "[D10] 新疆方棋双方手中无子时布子结束"),
    Rule("D11", "3", ("xinjiang",), "[D11] How long a piece stays tired", "[D11] 疲劳标记持续多久"),
    Rule("D12", "5", ("maonan",), "[D12] Black places first in Maonan", "[D12] 毛南三棋黑先布子"),
    Rule("D13", "5", ("maonan",), "[D13] A pinning piece does not complete a mill", "[D13] 押下的子不算成直"),
    Rule("D14", "5", ("maonan",), "[D14] White moves first in Maonan", "[D14] 毛南三棋白先走子"),
    Rule("D15", "0", MOVING, "[D15] Obligations are compulsory; impossible ones are forfeited", "[D15] 义务必须履行，做不到的作废"),
    Rule("D16", "0", MOVING, "[D16] Win checks after every removal; a losing make-room loses", "[D16] 每次拿子后检查胜负；让路后不足者负"),
    Rule("D17", "3", ("xinjiang",), "[D17] Only an actual removal counts as a capture", "[D17] 真正拿掉子才算吃子"),
    Rule("D18", "3", ("xinjiang",), "[D18] Both at three or fewer after placing: a draw", "[D18] 布子结束双方都不超过三子：和棋"),
    Rule("D19", "5", ("maonan",), "[D19] The capture rule applies afresh before each capture", "[D19] 每次吃子前重新判断可吃的子"),
]

RULES: dict[str, Rule] = {r.id: r for r in _RULES}
RULE_IDS: tuple[str, ...] = tuple(RULES)


def rules_for_game(game: str) -> list[str]:
    """The rule ids that concern ``game``, in RULES.md order."""
    return [r.id for r in _RULES if game in r.games]


def uncovered(tags) -> list[str]:
    """The rule ids not in ``tags`` (an iterable of tag strings), in order.

    >>> uncovered(RULE_IDS)
    []
    """
    seen = set(tags)
    return [r for r in RULE_IDS if r not in seen]
