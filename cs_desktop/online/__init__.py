"""Online play (BRIEF §13, issue 32): a referee server that holds the true game and a client that plays a seat.

- `protocol`: the messages, their limits and how they are checked and written (canonical JSON);
- `frames`: what each seat and each spectator is sent, made only from a side's view, its request and the events
  visible to it (the computer captain's seat protocol);
- `store`: one SQLite database per game (WAL): the start, the seats (token digests) and each decision, committed
  before it is acknowledged; export to the ordinary saved-game file;
- `table`: one game being played: its seats, its computer captains, who is connected;
- `server`: the asyncio WebSocket server (`captains-sea serve`);
- `client`: the Qt-free client: connect with an invitation code, resume at the exact decision, submit.

No Qt here (tests/test_layering.py).
"""
