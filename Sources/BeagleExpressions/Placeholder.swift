import BeagleJSON
