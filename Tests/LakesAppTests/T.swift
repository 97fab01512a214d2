import LakesApp
