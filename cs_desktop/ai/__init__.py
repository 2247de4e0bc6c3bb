"""ai layer of Captain's Sea desktop."""
