"""The campaign's window parts: the page, the sea chart, the port, the journal, the menu, a new campaign, and the
battle resumed after a crash."""
