"""library layer of Captain's Sea desktop."""
