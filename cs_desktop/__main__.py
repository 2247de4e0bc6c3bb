from cs_desktop.cli import main

raise SystemExit(main())
