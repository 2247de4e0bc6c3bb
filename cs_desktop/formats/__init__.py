"""File formats: ships, scenarios and saved games read and written with validation, the careful JSON reader, the
JSON Schemas, the players' wording of validation errors, and the rules text and rulings."""
