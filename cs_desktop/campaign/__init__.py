"""campaign layer of Captain's Sea desktop."""
