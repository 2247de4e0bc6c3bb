"""gui layer of Captain's Sea desktop."""
