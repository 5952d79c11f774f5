"""The Button Men roster page: every button explained, its strength and links to play it; the recipe lab."""
