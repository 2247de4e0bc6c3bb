"""rules layer of Captain's Sea desktop."""
