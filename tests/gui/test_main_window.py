from cs_desktop.gui.main_window import MainWindow


def test_main_window_opens(qtbot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    assert window.windowTitle() == "Captain's Sea"
