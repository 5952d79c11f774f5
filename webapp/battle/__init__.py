"""The ButtonMen Battle page: the campaign on a map, battles played or reported, moderator mode."""
