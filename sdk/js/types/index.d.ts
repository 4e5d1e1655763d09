// types come later
