// A program that imports PickerKit gets the friends, the list and the search (PickerStore) and
// the sources they are read from (PickerSources) with it.
@_exported import PickerSources
@_exported import PickerStore
