import BeagleCLI
